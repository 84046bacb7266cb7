// Module resolution hooks for Node (see static_files.mjs): a file under
// game/<app>/static/<namespace>/... that does not exist is looked up in the app named like
// its namespace, game/<namespace>/static/<namespace>/..., as Django's finders would find it.
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const STATIC_PATH = /^(.*[\\/]game[\\/])[^\\/]+([\\/]static[\\/])([^\\/]+)([\\/].*)$/;

export async function resolve(specifier, context, nextResolve) {
  if ((specifier.startsWith("./") || specifier.startsWith("../")) && context.parentURL?.startsWith("file:")) {
    const path = fileURLToPath(new URL(specifier, context.parentURL));
    const parts = path.match(STATIC_PATH);
    if (parts && !existsSync(path)) {
      const [, game, statics, namespace, rest] = parts;
      return nextResolve(pathToFileURL(`${game}${namespace}${statics}${namespace}${rest}`).href, context);
    }
  }
  return nextResolve(specifier, context);
}
