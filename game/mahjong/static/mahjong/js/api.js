// fetch wrappers for the JSON API (/api/...). Every failure becomes an ApiError whose
// message is fit to show: the server's {"error": ...} text, or a network message.

export class ApiError extends Error {
  constructor(message, status = 0) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

export function createApi(base = "/api/", texts = {}) {
  const root = base.endsWith("/") ? base : `${base}/`;

  async function request(method, path, body) {
    const options = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(root + path, options);
    } catch {
      throw new ApiError(texts.offline || "The server cannot be reached.");
    }
    let data = null;
    try {
      data = await response.json();
    } catch {
      data = null;
    }
    if (!response.ok) {
      const message = data && typeof data.error === "string" ? data.error : `HTTP ${response.status}`;
      throw new ApiError(message, response.status);
    }
    if (data === null) throw new ApiError(texts.badAnswer || "The server's answer is not JSON.", response.status);
    return data;
  }

  const code = (c) => encodeURIComponent(c);
  return {
    layouts: () => request("GET", "layouts/"),
    /** {layout, mode} | {code, mode} | {daily: mode} */
    deal: (body) => request("POST", "deals/", body),
    dealAt: (c, level, mode) => request("GET", `deals/${code(c)}/?level=${level}&mode=${mode}`),
    shuffle: (c, body) => request("POST", `deals/${code(c)}/shuffle/`, body),
    solve: (layout, tiles) => request("POST", "solve/", { layout, tiles }),
    submitScore: (token, name, log) => request("POST", "scores/", { token, name, log }),
  };
}
