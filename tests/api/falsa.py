"""A local stand-in for the Messages API and Chat Completions, for the browser tests of ModeloReal.

It answers as the real APIs do: a body that the official SDK's request type (anthropic's
MessageCreateParamsNonStreaming, openai's CompletionCreateParamsNonStreaming) refuses gets a 400
invalid_request_error; a request without its key headers, a 401 authentication_error; a model
named "limitado" a 429 with retry-after, "sobrecargado" a 529. Other replies are the APIs'
documented examples (Anthropic's «Tool use» and Messages pages, OpenAI's Chat Completions and
function calling references): a tool_use (tool_calls) when the last message is the user's text,
then a final text once a tool result comes back. CORS as the real APIs send it, so that a page
may call it; GET /registro gives every request received (path, headers, body) for the tests.

    python tests/api/falsa.py   # prints http://127.0.0.1:PORT
"""
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pydantic
from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming

TIPOS = {"/v1/messages": pydantic.TypeAdapter(MessageCreateParamsNonStreaming),
         "/v1/chat/completions": pydantic.TypeAdapter(CompletionCreateParamsNonStreaming)}

# https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/overview (the tool_use reply) and
# https://docs.anthropic.com/en/api/messages (the text reply); usage as the Message type has it.
ANTHROPIC_LLAMADA = {
    "id": "msg_01Aq9w938a90dw8q", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
    "content": [{"type": "text", "text": "I'll check the current weather in San Francisco for you."},
                {"type": "tool_use", "id": "toolu_01A09q90qw90lq917835lq9", "name": "get_weather",
                 "input": {"location": "San Francisco, CA"}}],
    "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 384, "output_tokens": 70}}
ANTHROPIC_TEXTO = {
    "id": "msg_013Zva2CMHLNnXjNJJKqJ2EF", "type": "message", "role": "assistant", "model": "claude-haiku-4-5",
    "content": [{"type": "text", "text": "Hi! My name is Claude."}],
    "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 2095, "output_tokens": 503}}
# https://platform.openai.com/docs/api-reference/chat/create (both examples: function calling, default).
OPENAI_LLAMADA = {
    "id": "chatcmpl-abc123", "object": "chat.completion", "created": 1699896916, "model": "gpt-4o-mini",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": None, "tool_calls": [
        {"id": "call_abc123", "type": "function",
         "function": {"name": "get_weather", "arguments": "{\n\"location\": \"Boston, MA\"\n}"}}]},
        "logprobs": None, "finish_reason": "tool_calls"}],
    "usage": {"prompt_tokens": 82, "completion_tokens": 17, "total_tokens": 99}}
OPENAI_TEXTO = {
    "id": "chatcmpl-123", "object": "chat.completion", "created": 1677652288, "model": "gpt-4o-mini",
    "system_fingerprint": "fp_44709d6fcb",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "\n\nHello there, how may I assist you today?"},
                 "logprobs": None, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 9, "completion_tokens": 12, "total_tokens": 21}}


def error(tipo, mensaje):  # https://docs.anthropic.com/en/api/errors
    return {"type": "error", "error": {"type": tipo, "message": mensaje}, "request_id": "req_011CSHoEeqs5C35K2UUqR7Fy"}


registro = []
cerrojo = threading.Lock()


def contestar(ruta, cabeceras, cuerpo):
    """(status, body, extra headers) for one POST."""
    if ruta == "/v1/messages":
        if not cabeceras.get("x-api-key") or cabeceras.get("anthropic-version") != "2023-06-01" \
                or cabeceras.get("anthropic-dangerous-direct-browser-access") != "true":
            return 401, error("authentication_error", "invalid x-api-key"), {}
    elif "authorization" not in cabeceras and not cuerpo["model"].startswith("llama"):  # Ollama needs none
        return 401, {"error": {"message": "You didn't provide an API key.", "type": "invalid_request_error",
                               "param": None, "code": None}}, {}
    elif cabeceras.get("authorization", "").startswith("Bearer mala"):
        # OpenAI's own masks the key's middle; this one echoes it whole, the worst a page may receive
        clave = cabeceras["authorization"].removeprefix("Bearer ")
        return 401, {"error": {"message": f"Incorrect API key provided: {clave}.", "type": "invalid_request_error",
                               "param": None, "code": "invalid_api_key"}}, {}
    if cabeceras.get("x-api-key") == "mala":
        return 401, error("authentication_error", "invalid x-api-key"), {}
    try:
        validado = TIPOS[ruta].validate_python(cuerpo)
        json.dumps(validado, default=list)  # the SDK types' lists are lazy: this walks them
    except (pydantic.ValidationError, TypeError) as e:
        return 400, error("invalid_request_error", str(e).splitlines()[0]), {}
    if cuerpo["model"] == "limitado":
        return 429, error("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"), {"retry-after": "7"}
    if cuerpo["model"] == "lento":  # a reply that arrives after the learner pressed Stop
        time.sleep(3)
    if cuerpo["model"] == "sobrecargado":
        return 529, error("overloaded_error", "Overloaded"), {}
    ultimo = cuerpo["messages"][-1]
    resultado = ultimo["role"] == "tool" or (isinstance(ultimo["content"], list) and any(
        b.get("type") == "tool_result" for b in ultimo["content"]))
    if ruta == "/v1/messages":
        return 200, ANTHROPIC_TEXTO if resultado or not cuerpo.get("tools") else ANTHROPIC_LLAMADA, {}
    return 200, OPENAI_TEXTO if resultado or not cuerpo.get("tools") else OPENAI_LLAMADA, {}


class Manejador(BaseHTTPRequestHandler):
    def cors(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        self.send_header("Access-Control-Allow-Headers", "*")
        self.send_header("Access-Control-Allow-Methods", "POST, GET")
        self.send_header("Access-Control-Expose-Headers", "retry-after, request-id")

    def enviar(self, status, cuerpo, extra=()):
        datos = json.dumps(cuerpo).encode()
        self.send_response(status)
        self.cors()
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(datos)))
        for k, v in dict(extra).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(datos)

    def do_OPTIONS(self):
        self.send_response(204)
        self.cors()
        self.end_headers()

    def do_GET(self):
        with cerrojo:
            self.enviar(200, list(registro)) if self.path == "/registro" else self.enviar(404, {})

    def do_POST(self):
        cuerpo = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"null")
        cabeceras = {k.lower(): v for k, v in self.headers.items()}
        with cerrojo:
            registro.append({"ruta": self.path, "cabeceras": cabeceras, "cuerpo": cuerpo})
        if self.path not in TIPOS:
            return self.enviar(404, error("not_found_error", "The requested resource could not be found."))
        self.enviar(*contestar(self.path, cabeceras, cuerpo))

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    servidor = ThreadingHTTPServer(("127.0.0.1", 0), Manejador)
    print(f"http://127.0.0.1:{servidor.server_address[1]}", flush=True)
    try:
        servidor.serve_forever()
    except KeyboardInterrupt:
        sys.exit(0)
