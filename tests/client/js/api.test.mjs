// node --test tests/client/js/ : core's api.js over a stand-in fetch. A visitor never reads the
// server's English message: each error code has the client's own (translated) text.
import assert from "node:assert/strict";
import { test } from "node:test";

import "./static_files.mjs";

const { ApiError, createApiRequest } = await import("../../../game/core/static/core/js/api.js");
const { API_ERROR_TEXTS, UNKNOWN_ERROR_TEXT, errorText } = await import("../../../game/core/static/core/js/api_errors.js");

/** fetch answering `status` with `body` (a string is sent as is), recording the requests. */
function answering(status, body) {
  const requests = [];
  globalThis.fetch = async (url, options) => {
    requests.push({ url, ...options });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  };
  return requests;
}

async function failure(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return assert.fail("the request should fail");
}

test("an answer comes back as its JSON; a body is sent as JSON", async () => {
  const requests = answering(200, { winnable: true });
  const request = createApiRequest("/api");
  assert.deepEqual(await request("POST", "solve/", { layout: "L00" }), { winnable: true });
  assert.equal(requests[0].url, "/api/solve/");
  assert.equal(requests[0].method, "POST");
  assert.equal(requests[0].headers["Content-Type"], "application/json");
  assert.equal(requests[0].body, '{"layout":"L00"}');
});

test("an API error shows the client's text for its code, never the server's message", async () => {
  answering(429, { error: "too many requests from your address: try again in 3 seconds", code: "throttled" });
  const error = await failure(createApiRequest()("POST", "solve/", {}));
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 429);
  assert.equal(error.code, "throttled");
  assert.equal(error.message, API_ERROR_TEXTS.throttled);
  assert.equal(error.detail, "too many requests from your address: try again in 3 seconds");
});

test("an unknown code, or an error page that is not JSON, gets the generic text", async () => {
  answering(400, { error: "something new", code: "brand_new_code" });
  assert.equal((await failure(createApiRequest()("GET", "x/"))).message, UNKNOWN_ERROR_TEXT);
  answering(502, "<html>Bad gateway</html>");
  const error = await failure(createApiRequest()("GET", "x/"));
  assert.equal(error.message, UNKNOWN_ERROR_TEXT);
  assert.equal(error.status, 502);
  assert.equal(errorText("toString"), UNKNOWN_ERROR_TEXT, "only the table's own codes");
});

test("no answer, or an answer that is not JSON, are the client's own failures", async () => {
  globalThis.fetch = async () => {
    throw new TypeError("Failed to fetch");
  };
  const offline = await failure(createApiRequest()("GET", "x/"));
  assert.equal(offline.status, 0);
  assert.equal(offline.message, "The server cannot be reached.");
  answering(200, "not json");
  assert.equal((await failure(createApiRequest()("GET", "x/"))).message, "The server's answer is not JSON.");
});

test("every text is a sentence of its own", () => {
  for (const [code, text] of Object.entries(API_ERROR_TEXTS)) {
    assert.match(text, /^[A-Z].*[.?]$/, code);
  }
});

test("extra headers go with one request, never with the next; an error keeps its answer's JSON", async () => {
  const requests = answering(200, { ok: true });
  const request = createApiRequest("/api/rummy/matches/");
  await request("POST", "m1/actions/", { type: "draw" }, { headers: { Authorization: "Seat k1" } });
  await request("GET", "m1/");
  assert.equal(requests[0].url, "/api/rummy/matches/m1/actions/");
  assert.equal(requests[0].headers.Authorization, "Seat k1");
  assert.equal(requests[0].headers.Accept, "application/json");
  assert.equal(requests[0].headers["Content-Type"], "application/json");
  assert.equal(requests[1].headers.Authorization, undefined);
  const headers = { Accept: "text/html" };
  answering(200, { ok: true });
  await request("GET", "m1/", undefined, { headers });
  assert.deepEqual(headers, { Accept: "text/html" }, "the caller's object is not changed");

  answering(400, { error: "set 1 is no set", code: "illegal_table", reason: "invalid_set", set: 1 });
  const error = await failure(request("POST", "m1/actions/", {}, { headers: { Authorization: "Seat k1" } }));
  assert.equal(error.code, "illegal_table");
  assert.deepEqual(error.data, { error: "set 1 is no set", code: "illegal_table", reason: "invalid_set", set: 1 });
  globalThis.fetch = async () => {
    throw new TypeError("Failed to fetch");
  };
  assert.equal((await failure(request("GET", "m1/"))).data, null);
});
