// Compiles Python to bytecode with the pinned Pyodide's own Python, so that the
// browser runs it without compiling it first (hooks/runtime.py runs this under Node
// and caches the answer). Pyodide's python_stdlib.zip holds only sources: compiling
// the modules its start-up imports took most of the seconds loadPyodide() takes.
//
//   node hooks/bytecode.mjs PYODIDE_DIR < {"wheel": NAME, "files": {"crescent/cards.py": SOURCE, ...}}
//
// Answers JSON with two members, the same bytes for the same input:
// - "engine": {"crescent/cards.pyc": base64, ...}, each beside its source in the wheel
//   NAME, which the worker puts on sys.path as it is (zipimport looks for it there);
// - "stdlib": base64 of python_stdlib.zip with every module that Pyodide's start-up
//   and the engine's browser modules import replaced by its bytecode; the other
//   modules stay sources.
// Every .pyc is an unchecked hash-based one (PEP 552): nothing is compared at import.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const folder = process.argv[2].replace(/\/?$/, "/");
const request = readFileSync(0, "utf8");
const { loadPyodide } = await import(pathToFileURL(folder + "pyodide.mjs").href);
const pyodide = await loadPyodide({
  indexURL: folder,
  env: { PYTHONHASHSEED: "0" },
  stdout: (line) => process.stderr.write(line + "\n"),
});
pyodide.FS.writeFile("/tmp/python_stdlib.zip", readFileSync(folder + "python_stdlib.zip"));
pyodide.globals.set("request_json", request);
const answer = pyodide.runPython(`
import json, pathlib, sys

BROWSER_MODULES = ("crescent.browser", "crescent.solver", "crescent.timeline")
request = json.loads(request_json)
for relative, text in request["files"].items():
    path = pathlib.Path("/tmp/engine", relative)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
sys.path.insert(0, "/tmp/engine")
for name in BROWSER_MODULES:
    __import__(name)
STDLIB = "/lib/python%d%d.zip" % sys.version_info[:2]
used = {  # frozen modules (os, io, site...) name the zip as their file but never read it
    module.__file__[len(STDLIB) + 1 :]
    for module in list(sys.modules.values())
    if (getattr(module, "__file__", None) or "").startswith(STDLIB + "/")
    and getattr(module.__spec__, "origin", None) != "frozen"
}

import base64, importlib.util, io, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc


def bytecode(data, path):
    code = compile(data, path, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)


engine = {}
for relative, text in sorted(request["files"].items()):
    data = text.encode("utf-8")
    pyc = bytecode(data, f"/lib/{request['wheel']}/{relative}")
    engine[relative + "c"] = base64.b64encode(pyc).decode()

stdlib = io.BytesIO()
with zipfile.ZipFile("/tmp/python_stdlib.zip") as source, zipfile.ZipFile(
    stdlib, "w", zipfile.ZIP_DEFLATED, compresslevel=9
) as target:
    for info in source.infolist():
        data = source.read(info)
        if info.filename in used:
            compiled = zipfile.ZipInfo(info.filename + "c", info.date_time)
            compiled.compress_type = zipfile.ZIP_DEFLATED
            compiled.external_attr = info.external_attr
            target.writestr(compiled, bytecode(data, f"{STDLIB}/{info.filename}"))
        else:
            target.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
json.dumps({"engine": engine, "stdlib": base64.b64encode(stdlib.getvalue()).decode()})
`);
process.stdout.write(answer);
