"""Which files the `tilepress` distribution installs (the metadata is in pyproject.toml).

The engines and the pipeline are the `generator` packages.  The site's templates and its
default content (`templates/`, `site_src/`) stay at the top of the repository, where the
README and the tests expect them; the wheel installs copies as package data under
`generator/_data/`, which `generator.pipeline.build.data_folder` finds when there is no
checkout around the package.

The Pyodide runtime of regen.html: where the checkout has it (`npm ci` done, node on the
PATH), building the wheel also vendors it once (generator.pipeline.browser.write_prebuilt)
into the wheel as generator/pipeline/runtime.zip, so a pip-installed tilepress builds a
site with a working regen.html and needs neither node nor npm.  Without it the wheel is
built without the runtime, and says so; a site it builds has no regen.html (the build's
note names what to install).  TILEPRESS_WHEEL_RUNTIME=0 skips it.
"""

import os
import sys

from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py


class BuildWithRuntime(build_py):
    """build_py, then the vendored Pyodide runtime into the build (never into the checkout)."""

    def run(self):
        super().run()
        if os.environ.get("TILEPRESS_WHEEL_RUNTIME") == "0":
            return
        sys.path.insert(0, str(HERE))
        try:
            from generator.pipeline import browser
            reason = browser.missing_reason()
            if reason or not browser.PYODIDE_DIR.is_dir():
                print(f"tilepress: the wheel has no Pyodide runtime: {reason}", file=sys.stderr)
                return
            target = Path(self.build_lib) / "generator" / "pipeline" / "runtime.zip"
            browser.write_prebuilt(target)
            print(f"tilepress: vendored the Pyodide runtime into {target}", file=sys.stderr)
        finally:
            sys.path.remove(str(HERE))

HERE = Path(__file__).resolve().parent
# package name in the wheel -> folder of the repository it is copied from
DATA = {"generator._data.templates": "templates",
        "generator._data.site_src": "site_src",
        "generator._data.site_src.articles": "site_src/articles"}

setup(
    cmdclass={"build_py": BuildWithRuntime},
    packages=find_packages(include=["generator", "generator.*"]) + list(DATA),
    package_dir=DATA,
    package_data={"generator.tantrix": ["*.json", "*.txt"],
                  "generator.pipeline": ["starter/*", "starter/*/*"],      # `tilepress new`
                  **{name: ["*"] for name in DATA}},
    exclude_package_data={name: ["__pycache__/*"] for name in DATA},
)
