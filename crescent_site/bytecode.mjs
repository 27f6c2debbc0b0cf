// Chooses and compiles the browser's Python with the pinned Pyodide's own Python
// (crescent_site/bytecode.py does the work; crescent_site/runtime.py runs this under Node and caches
// the answer). Pyodide's python_stdlib.zip holds the sources of the whole standard
// library: the browser needs only the modules start-up and the engine import, and
// compiling those took most of the seconds loadPyodide() takes.
//
//   node crescent_site/bytecode.mjs PYODIDE_DIR < {"wheel": NAME, "entry": ["crescent.browser", ...],
//                                          "files": {"crescent/cards.py": SOURCE, ...}}
//
// Answers JSON with two members, the same bytes for the same input:
// - "engine": {"crescent/cards.pyc": base64, ...}, the import closure of the entry
//   modules, each as it sits in the wheel NAME, which the worker puts on sys.path as
//   it is (zipimport looks for it there);
// - "stdlib": base64 of a python_stdlib.zip holding, compiled, only the modules that
//   Pyodide's start-up and that closure import.
// Every .pyc is an unchecked hash-based one (PEP 552): nothing is compared at import.
// PYTHONNODEBUGRANGES leaves column positions out of the bytecode (line numbers stay).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const folder = process.argv[2].replace(/\/?$/, "/");
const request = readFileSync(0, "utf8");
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL: folder,
  env: { PYTHONHASHSEED: "0", PYTHONNODEBUGRANGES: "1" },
  stdout: (line) => process.stderr.write(line + "\n"),
});
pyodide.FS.writeFile("/tmp/python_stdlib.zip", readFileSync(folder + "python_stdlib.zip"));
pyodide.globals.set("request_json", request);
const program = readFileSync(new URL("bytecode.py", import.meta.url), "utf8");
try {
  process.stdout.write(pyodide.runPython(program, { filename: "crescent_site/bytecode.py" }));
} catch (error) {
  // A Python error's last line says what went wrong (SystemExit: the reason).
  const lines = String(error.message ?? error)
    .trim()
    .split("\n");
  process.stderr.write(lines[lines.length - 1].replace(/^SystemExit: /, "") + "\n");
  process.exit(1);
}
