"""DESIGN 2: 'companion.engine imports nothing outside the standard library. A test proves it.'"""

import ast
import subprocess
import sys
from pathlib import Path

import companion.engine

ENGINE = Path(companion.engine.__file__).parent


def test_engine_sources_import_only_the_standard_library_and_themselves():
    stdlib = sys.stdlib_module_names
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative: inside the engine
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in stdlib or name.startswith("companion.engine"), f"{path.name}: {name}"


def test_importing_the_engine_loads_no_third_party_module():
    code = (
        "import sys, companion.engine, companion.engine.game;"
        "bad = [m for m in ('kivy','cv2','numpy','gpiozero','picamera2','vision','hardware')"
        " if m in sys.modules]; print(bad); sys.exit(1 if bad else 0)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
