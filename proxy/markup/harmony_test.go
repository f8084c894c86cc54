package markup

import "testing"

// TestHarmonyTail: gpt-oss Harmony calls in content, with their tokens and detokenized (D58).
func TestHarmonyTail(t *testing.T) {
	run := []Call{jsonCall(Harmony, "run_tests", `{"package": "./proxy/..."}`)}
	args := `{"package": "./proxy/..."}`
	runTail(t, []tailCase{
		{name: "channel tokens", syn: Harmony, text: "<|channel|>commentary to=functions.run_tests <|constrain|>json<|message|>" + args, calls: run},
		{name: "full tokens with call", syn: All, text: "Testing.<|start|>assistant<|channel|>commentary to=functions.run_tests <|constrain|>json<|message|>" + args + "<|call|>",
			keep: "Testing.", calls: run},
		{name: "recipient in the start header", syn: Harmony, text: "<|start|>assistant to=functions.run_tests<|channel|>commentary json<|message|>" + args, calls: run},
		{name: "no constrain", syn: Harmony, text: "<|channel|>commentary to=functions.run_tests<|message|>" + args, calls: run},
		{name: "end token instead of call", syn: Harmony, text: "<|channel|>commentary to=functions.run_tests<|message|>" + args + "<|end|>", calls: run},
		{name: "call token cut", syn: Harmony, text: "<|channel|>commentary to=functions.run_tests<|message|>" + args + "<|ca", calls: run},
		{name: "two calls", syn: Harmony, text: "<|channel|>commentary to=functions.run_tests<|message|>" + args + "<|call|><|start|>assistant<|channel|>commentary to=functions.read <|constrain|>json<|message|>{}<|call|>",
			calls: append(run, jsonCall(Harmony, "read", `{}`))},
		{name: "detokenized", syn: Harmony, text: "commentary to=functions.run_tests json" + args, calls: run},
		{name: "detokenized after prose lines", syn: All, text: "Testing.\n  commentary to=functions.run_tests json " + args + "\n", keep: "Testing.", calls: run},
		{name: "detokenized without json", syn: Harmony, text: "commentary to=functions.run_tests " + args, calls: run},
		{name: "only the channel and start tokens dropped", syn: All, text: "Testing.\ncommentary to=functions.run_tests <|constrain|>json<|message|>" + args + "<|call|>", keep: "Testing.", calls: run},

		{name: "unfinished arguments", syn: Harmony, text: "<|channel|>commentary to=functions.run_tests<|message|>{\"package\": "},
		{name: "final channel", syn: Harmony, text: "<|channel|>final<|message|>{\"a\": 1}"},
		{name: "analysis without a recipient", syn: All, text: "<|channel|>analysis<|message|>{\"a\": 1}"},
		{name: "final channel with a recipient", syn: All, text: "<|channel|>final to=functions.run_tests<|message|>" + args},
		{name: "analysis channel", syn: Harmony, text: "<|channel|>analysis to=functions.run_tests<|message|>" + args, calls: run},
		{name: "analysis channel, recipient in the start header", syn: All, text: "<|start|>assistant to=functions.run_tests<|channel|>analysis <|constrain|>json<|message|>" + args + "<|call|>", calls: run},
		{name: "built-in recipient", syn: Harmony, text: "<|channel|>commentary to=browser.search<|message|>{}"},
		{name: "no recipient", syn: Harmony, text: "<|channel|>commentary<|message|>{}"},
		{name: "two recipients", syn: Harmony, text: "<|channel|>commentary to=functions.a to=functions.b<|message|>{}"},
		{name: "arguments not an object", syn: Harmony, text: "<|channel|>commentary to=functions.a<|message|>[1]"},
		{name: "followed by prose", syn: Harmony, text: "<|channel|>commentary to=functions.a<|message|>{} and then"},
		{name: "detokenized after prose on its line", syn: All, text: "It wrote commentary to=functions.run_tests json" + args},
		{name: "detokenized prose", syn: All, text: "I left a commentary\ncommentary to the functions json"},
		{name: "detokenized in a fence", syn: All, text: "```\ncommentary to=functions.run_tests json" + args + "\n```"},
		{name: "detokenized in inline code", syn: All, text: "`commentary to=functions.run_tests json" + args + "`"},
		{name: "after an unclosed think", syn: All, text: "<think>\ncommentary to=functions.run_tests json" + args},
		{name: "syntax disabled", syn: Invoke | ToolCallXML | Kimi | DeepSeek, text: "<|channel|>commentary to=functions.run_tests<|message|>" + args},
	})
}
