package markup

// Mistral's tool-call tokens (docs/faults.md D59: ml-explore/mlx-lm PR #1448, #1374, PR #1643;
// raullenchai/Rapid-MLX #1071; ai-dynamo/frontend-crates PR #60). Its two rows of the table
// read [TOOL_CALLS]T[ARGS]{…} (Devstral and the v11+ templates; [CALL_ID]id may stand before
// [ARGS]; v11's T{…} without [ARGS], vllm test_mistral_tool_parser.py test_extract_tool_calls),
// whose arguments are exactly one JSON object, and the older [TOOL_CALLS] [{"name": "T",
// "arguments": {…}, "id": "…"}, …], a JSON list of call objects with those keys only (arguments
// an object, a string holding one, or absent). Parallel calls repeat the first form, each after
// its own [TOOL_CALLS].
const (
	mToolCalls = "[TOOL_CALLS]"
	mArgs      = "[ARGS]"
	mCallID    = "[CALL_ID]"
)
