"""Which files the `tilepress` distribution installs (the metadata is in pyproject.toml).

The engines and the pipeline are the `generator` packages.  The site's templates and its
default content (`templates/`, `site_src/`) stay at the top of the repository, where the
README and the tests expect them; the wheel installs copies as package data under
`generator/_data/`, which `generator.pipeline.build.data_folder` finds when there is no
checkout around the package.
"""

from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
# package name in the wheel -> folder of the repository it is copied from
DATA = {"generator._data.templates": "templates",
        "generator._data.site_src": "site_src",
        "generator._data.site_src.articles": "site_src/articles"}

setup(
    packages=find_packages(include=["generator", "generator.*"]) + list(DATA),
    package_dir=DATA,
    package_data={"generator.tantrix": ["*.json", "*.txt"],
                  "generator.pipeline": ["starter/*", "starter/*/*"],      # `tilepress new`
                  **{name: ["*"] for name in DATA}},
    exclude_package_data={name: ["__pycache__/*"] for name in DATA},
)
