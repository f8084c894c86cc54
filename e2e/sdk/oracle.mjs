// oracle.mjs runs the official SDK parsers against answers served at given URLs and prints what each
// SDK ended up with. It is driven by e2e/sdk_test.go; nothing here judges the results.
//
// stdin: a JSON list of runs {id, kind, url, request}:
//   id       echoed back;
//   kind     which SDK consumes the answer, at its newest major; "KIND@6" at the previous major
//            (openai 6, ai 6 and its providers) for the kinds of the openai and ai packages:
//              "openai"               the openai SDK: chat.completions.stream(...).finalChatCompletion(),
//                                     or chat.completions.create(...) when request.stream is false;
//              "ai-openai-compatible" ai streamText (generateText when not streamed) with
//                                     @ai-sdk/openai-compatible and zod-typed tools;
//              "anthropic"            @anthropic-ai/sdk messages.stream(...).finalMessage(), or
//                                     messages.create(...) when request.stream is false;
//              "ai-anthropic"         ai streamText (generateText) with @ai-sdk/anthropic and zod tools;
//              "openai-responses"     the openai SDK: responses.stream(...).finalResponse(), or
//                                     responses.create(...) when request.stream is false;
//              "ai-openai-responses"  ai streamText (generateText) with @ai-sdk/openai's Responses
//                                     model and zod tools;
//   url      the server root; the SDKs post to url + "/v1/chat/completions", url + "/v1/messages"
//            or url + "/v1/responses";
//   request  the case's request body: the openai and anthropic SDKs send it as it is, the AI SDK
//            builds its own from its system, text messages, tools (the tools' JSON Schemas turned
//            into zod schemas with z.fromJSONSchema, as OpenCode defines its tools in zod) and
//            tool_choice.
// stdout: a JSON list of results {id, kind, ok, error, message}, one per run in order:
//   ok       false when the SDK threw, emitted an error part, or (AI SDK) marked a tool call invalid;
//   error    "Name: message" of the first such failure, "" when ok;
//   message  what the SDK ended up with, also when it failed part way (null when it got nothing):
//            OpenAI kinds {finish_reason, unified_finish_reason, content, tool_calls: [{id, type,
//            name, arguments, input}]} with arguments the raw string (openai) and input the parsed
//            object (AI SDK); Anthropic kinds {stop_reason, unified_finish_reason, content: [blocks]}
//            with blocks {type: "text", text} | {type: "tool_use", id, name, input} |
//            {type: "thinking", thinking, signature}. Responses kinds {status, unified_finish_reason,
//            text, calls: [{id, name, arguments, input}]}: text the output_text of the message items,
//            calls the function calls of the final response (openai; arguments the raw string) or the
//            tool calls (AI SDK; input the parsed object).
// Every run is bounded by RUN_TIMEOUT_MS; the SDKs never retry.

import OpenAI from "openai";
import OpenAI6 from "openai-v6";
import Anthropic from "@anthropic-ai/sdk";
import * as ai from "ai";
import * as ai6 from "ai-v6";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { createOpenAICompatible as createOpenAICompatible2 } from "@ai-sdk/openai-compatible-v2";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createAnthropic as createAnthropic3 } from "@ai-sdk/anthropic-v3";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAI as createOpenAI3 } from "@ai-sdk/openai-v3";
import { z } from "zod";

// stdout carries only the results' JSON: the AI SDK 7 logs its warnings (an unknown model's
// maxOutputTokens, say) with console.log/console.warn, so turn them off (its own switch) and send
// anything else an SDK logs to stderr.
globalThis.AI_SDK_LOG_WARNINGS = false;
for (const level of ["log", "info", "warn", "debug"]) {
  console[level] = (...args) => process.stderr.write(args.map(String).join(" ") + "\n");
}

// libs are the SDKs of each major a kind may name: "" the newest (the plain package names), "6"
// the previous majors users are still on (openai 6; ai 6 with @ai-sdk/anthropic and
// @ai-sdk/openai 3, @ai-sdk/openai-compatible 2), installed under the aliases NAME-vN.
const libs = {
  "": { OpenAI, ai, createOpenAICompatible, createAnthropic, createOpenAI },
  6: { OpenAI: OpenAI6, ai: ai6, createOpenAICompatible: createOpenAICompatible2, createAnthropic: createAnthropic3, createOpenAI: createOpenAI3 },
};

const RUN_TIMEOUT_MS = 20000;
const KEY = "sk-test-oracle";

const stray = [];
process.on("unhandledRejection", (e) => stray.push(describe(e)));

// describe renders a thrown value or an error part as "Name: message"; a value that is no Error
// (the AI SDK hands on an upstream error object as it came) as "Error: " and its JSON.
function describe(e) {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  let s;
  try {
    s = JSON.stringify(e);
  } catch {
    s = String(e);
  }
  return `Error: ${s}`;
}

// textOf flattens a message content (a string or a list of blocks, Responses' input_text and
// output_text included) to its text.
function textOf(content) {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const texts = ["text", "input_text", "output_text"];
  return content.filter((b) => b && texts.includes(b.type)).map((b) => b.text).join("");
}

// aiPrompt turns a case request (Chat, Messages or Responses) into the AI SDK's system and text
// messages.
function aiPrompt(req) {
  const system = [];
  if (req.system != null) system.push(textOf(req.system));
  if (req.instructions != null) system.push(textOf(req.instructions));
  const messages = [];
  let items = req.messages || [];
  if (typeof req.input === "string") items = [{ role: "user", content: req.input }];
  else if (Array.isArray(req.input)) items = req.input.filter((m) => m && (m.type === undefined || m.type === "message"));
  for (const m of items) {
    if (m.role === "developer") {
      system.push(textOf(m.content));
      continue;
    }
    if (m.role === "system") system.push(textOf(m.content));
    else if (m.role === "user" || m.role === "assistant") messages.push({ role: m.role, content: textOf(m.content) });
  }
  return { system: system.join("\n") || undefined, messages };
}

// aiTools builds zod-typed tools (no execute) from the request's tool schemas.
function aiTools(req, tool) {
  const tools = {};
  for (const t of req.tools || []) {
    if (req.input !== undefined && t.type !== "function") continue; // a Responses built-in tool
    const name = t.function ? t.function.name : t.name;
    const schema = t.function ? t.function.parameters : (t.input_schema ?? t.parameters);
    tools[name] = tool({
      description: (t.function ? t.function.description : t.description) || undefined,
      inputSchema: z.fromJSONSchema(schema || { type: "object" }),
    });
  }
  return tools;
}

// consume sends the case's request with an SDK and returns what the SDK ended up with: whole
// (create) when the request says stream: false, else through the SDK's stream helper (stream,
// handed the request without its stream key, as the helpers want it).
async function consume(request, create, stream) {
  const req = { ...request };
  if (req.stream === false) return create(req);
  delete req.stream;
  return stream(req);
}

async function runOpenAI(run, signal, { OpenAI }) {
  const client = new OpenAI({ apiKey: KEY, baseURL: run.url + "/v1", maxRetries: 0, timeout: RUN_TIMEOUT_MS });
  const completion = await consume(
    run.request,
    (req) => client.chat.completions.create(req, { signal }),
    (req) => client.chat.completions.stream(req, { signal }).finalChatCompletion(),
  );
  const choice = completion.choices[0];
  const msg = choice.message;
  return {
    finish_reason: choice.finish_reason,
    content: msg.content ?? null,
    tool_calls: (msg.tool_calls || []).map((c) => ({
      id: c.id,
      type: c.type,
      name: c.function.name,
      arguments: c.function.arguments,
    })),
  };
}

async function runOpenAIResponses(run, signal, { OpenAI }) {
  const client = new OpenAI({ apiKey: KEY, baseURL: run.url + "/v1", maxRetries: 0, timeout: RUN_TIMEOUT_MS });
  const resp = await consume(
    run.request,
    (req) => client.responses.create(req, { signal }),
    (req) => client.responses.stream(req, { signal }).finalResponse(),
  );
  const output = resp.output || [];
  return {
    status: resp.status ?? null,
    text: output
      .filter((it) => it.type === "message")
      .map((it) => textOf(it.content))
      .join(""),
    calls: output
      .filter((it) => it.type === "function_call")
      .map((it) => ({ id: it.call_id, name: it.name, arguments: it.arguments })),
  };
}

async function runAnthropic(run, signal) {
  const client = new Anthropic({ apiKey: KEY, baseURL: run.url, maxRetries: 0, timeout: RUN_TIMEOUT_MS });
  const msg = await consume(
    run.request,
    (req) => client.messages.create(req, { signal }),
    (req) => client.messages.stream(req, { signal }).finalMessage(),
  );
  return {
    stop_reason: msg.stop_reason,
    content: msg.content.map((b) => {
      switch (b.type) {
        case "text":
          return { type: "text", text: b.text };
        case "tool_use":
          return { type: "tool_use", id: b.id, name: b.name, input: b.input };
        case "thinking":
          return { type: "thinking", thinking: b.thinking, signature: b.signature };
        default:
          return { type: b.type };
      }
    }),
  };
}

// runAI consumes the answer with the AI SDK and returns [message, firstError]. Parts are read from
// fullStream (streamText) or the result content (generateText) so that errors the SDK reports as
// parts, not throws, are seen.
// aiToolChoice maps a case request's tool_choice (Chat, Messages or Responses) to the AI SDK's, so
// that the request the AI SDK builds allows the calls the case's request allows.
function aiToolChoice(req) {
  const c = req.tool_choice;
  if (c == null) return undefined;
  if (typeof c === "string") return { auto: "auto", none: "none", required: "required", any: "required" }[c];
  switch (c.type) {
    case "auto":
    case "none":
      return c.type;
    case "any":
    case "required":
      return "required";
    case "tool":
      return { type: "tool", toolName: c.name };
    case "function":
      return { type: "tool", toolName: c.function ? c.function.name : c.name };
  }
  return undefined;
}

async function runAI(run, signal, model, dialect, { generateText, streamText, tool }) {
  const { system, messages } = aiPrompt(run.request);
  const opts = { model, system, messages, tools: aiTools(run.request, tool), toolChoice: aiToolChoice(run.request), maxRetries: 0, abortSignal: signal };
  const parts = [];
  let finish = null;
  let raw;
  let firstError = "";
  if (run.request.stream === false) {
    const r = await generateText(opts);
    for (const p of r.content) parts.push(p);
    finish = r.finishReason;
    raw = r.rawFinishReason;
  } else {
    const r = streamText({ ...opts, onError: () => {} });
    let text = null;
    for await (const p of r.fullStream) {
      switch (p.type) {
        case "text-start":
          text = { type: "text", text: "" };
          parts.push(text);
          break;
        case "text-delta":
          if (!text) {
            text = { type: "text", text: "" };
            parts.push(text);
          }
          text.text += p.text;
          break;
        case "text-end":
          text = null;
          break;
        case "reasoning-start":
          text = null;
          parts.push({ type: "reasoning", text: "", providerMetadata: p.providerMetadata });
          break;
        case "reasoning-delta": {
          const last = parts[parts.length - 1];
          if (last && last.type === "reasoning") {
            last.text += p.text;
            if (p.providerMetadata) last.providerMetadata = { ...last.providerMetadata, ...p.providerMetadata };
          }
          break;
        }
        case "abort":
          parts.push({ type: "error", error: new Error(`aborted after ${RUN_TIMEOUT_MS} ms`) });
          break;
        case "tool-call":
        case "tool-error":
        case "error":
          text = null;
          parts.push(p);
          break;
        case "finish-step":
          raw = p.rawFinishReason ?? raw;
          break;
        case "finish":
          finish = p.finishReason;
          raw = p.rawFinishReason ?? raw;
          break;
      }
    }
  }
  const calls = [];
  const content = [];
  let text = null;
  for (const p of parts) {
    if (p.type === "error" || p.type === "tool-error") {
      if (!firstError) firstError = describe(p.error);
      continue;
    }
    if (p.type === "tool-call") {
      if (p.invalid && !firstError) firstError = describe(p.error);
      calls.push({ id: p.toolCallId, type: "function", name: p.toolName, input: p.input });
      content.push({ type: "tool_use", id: p.toolCallId, name: p.toolName, input: p.input });
      text = null;
    } else if (p.type === "text") {
      if (text) text.text += p.text;
      else content.push((text = { type: "text", text: p.text }));
    } else if (p.type === "reasoning") {
      text = null;
      const a = (p.providerMetadata && p.providerMetadata.anthropic) || {};
      content.push({ type: "thinking", thinking: p.text, signature: a.signature ?? "" });
    }
  }
  if (finish === "error" && !firstError) firstError = "finishReason: error";
  if (dialect === "responses") {
    return [
      {
        status: null,
        unified_finish_reason: finish,
        text: content.filter((b) => b.type === "text").map((b) => b.text).join(""),
        calls: calls.map((c) => ({ id: c.id, name: c.name, input: c.input })),
      },
      firstError,
    ];
  }
  if (dialect === "openai") {
    const texts = content.filter((b) => b.type === "text");
    return [
      {
        finish_reason: raw ?? null,
        unified_finish_reason: finish,
        content: texts.length ? texts.map((b) => b.text).join("") : null,
        tool_calls: calls,
      },
      firstError,
    ];
  }
  return [{ stop_reason: raw ?? null, unified_finish_reason: finish, content }, firstError];
}

async function runOne(run) {
  const signal = AbortSignal.timeout(RUN_TIMEOUT_MS);
  const [kind, major = ""] = run.kind.split("@");
  const lib = libs[major];
  if (!lib) return { ok: false, error: `Error: no SDK of major ${JSON.stringify(major)} in kind ${JSON.stringify(run.kind)}`, message: null };
  try {
    switch (kind) {
      case "openai":
        return { ok: true, error: "", message: await runOpenAI(run, signal, lib) };
      case "anthropic":
        return { ok: true, error: "", message: await runAnthropic(run, signal) };
      case "ai-openai-compatible": {
        const p = lib.createOpenAICompatible({ name: "oracle", baseURL: run.url + "/v1", apiKey: KEY });
        const [message, err] = await runAI(run, signal, p.chatModel(run.request.model), "openai", lib.ai);
        return { ok: !err, error: err, message };
      }
      case "openai-responses":
        return { ok: true, error: "", message: await runOpenAIResponses(run, signal, lib) };
      case "ai-openai-responses": {
        const p = lib.createOpenAI({ baseURL: run.url + "/v1", apiKey: KEY });
        const [message, err] = await runAI(run, signal, p.responses(run.request.model), "responses", lib.ai);
        return { ok: !err, error: err, message };
      }
      case "ai-anthropic": {
        const p = lib.createAnthropic({ baseURL: run.url + "/v1", apiKey: KEY });
        const [message, err] = await runAI(run, signal, p(run.request.model), "anthropic", lib.ai);
        return { ok: !err, error: err, message };
      }
      default:
        return { ok: false, error: `Error: unknown kind ${JSON.stringify(run.kind)}`, message: null };
    }
  } catch (e) {
    return { ok: false, error: describe(e), message: null };
  }
}

async function main() {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  const runs = JSON.parse(input);
  const out = [];
  for (const run of runs) {
    const before = stray.length;
    const r = await runOne(run);
    // An SDK that rejects a promise nobody awaits has still failed this run.
    if (stray.length > before && r.ok) {
      r.ok = false;
      r.error = stray[before];
    }
    out.push({ id: run.id, kind: run.kind, ...r });
  }
  process.stdout.write(JSON.stringify(out));
}

main().catch((e) => {
  process.stderr.write(`oracle: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
