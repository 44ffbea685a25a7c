"""The set-up the README documents works as root without sudo and as a user with sudo, and CI
installs exactly that: scripts/setup.sh run against fake apt-get, dpkg-query, id, sudo and
python3 programs (first on PATH) that log what they were asked to do."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

FAKES = {
    "dpkg-query": "#!/bin/sh\nexit 1\n",                                   # nothing installed
    "apt-get": '#!/bin/sh\necho "apt-get $*" >> "$LOG"\n',
    "id": '#!/bin/sh\necho "$FAKE_UID"\n',
    "sudo": '#!/bin/sh\necho "sudo" >> "$LOG"\nexec "$@"\n',
    "python3": ('#!/bin/sh\necho "python3 $*" >> "$LOG"\nmkdir -p .venv/bin\n'
                'printf \'#!/bin/sh\\necho "venv-python $*" >> "$LOG"\\n\' > .venv/bin/python\n'
                'chmod +x .venv/bin/python\n'),
}


def _run(tmp_path: Path, uid: int, with_sudo: bool, debian_python: str | None = None,
         venv_home: str | None = None):
    """Run a copy of scripts/setup.sh with the fakes; return (exit code, log lines, stderr).
    debian_python: the text of a fake Debian interpreter (else none is found); venv_home: a
    .venv already there, made from that interpreter folder."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    shutil.copy(REPO / "scripts" / "setup.sh", repo / "scripts" / "setup.sh")
    (repo / "requirements-test.txt").write_text("")
    fakes = tmp_path / "bin"
    fakes.mkdir()
    for name, text in FAKES.items():
        if name == "sudo" and not with_sudo:
            continue
        (fakes / name).write_text(text)
        (fakes / name).chmod(0o755)
    log = tmp_path / "log"
    log.write_text("")
    path = f"{fakes}:" + ":".join(p for p in ("/usr/bin", "/bin") if os.path.isdir(p))
    env = {"PATH": path, "LOG": str(log), "FAKE_UID": str(uid), "HOME": str(tmp_path),
           "TILEPRESS_DEBIAN_PYTHON": str(tmp_path / "no-such-python")}
    if debian_python is not None:
        deb = tmp_path / "debian" / "python3"
        deb.parent.mkdir()
        deb.write_text(debian_python)
        deb.chmod(0o755)
        env["TILEPRESS_DEBIAN_PYTHON"] = str(deb)
    if venv_home is not None:
        (repo / ".venv" / "bin").mkdir(parents=True)
        (repo / ".venv" / "bin" / "python").write_text('#!/bin/sh\necho "old-venv-python $*" >> "$LOG"\n')
        (repo / ".venv" / "bin" / "python").chmod(0o755)
        (repo / ".venv" / "pyvenv.cfg").write_text(f"home = {venv_home}\ninclude-system-site-packages = false\n")
    if with_sudo is False and shutil.which("sudo", path=path):
        pytest.skip("this machine has a real sudo on /usr/bin or /bin; cannot hide it")
    proc = subprocess.run(["sh", str(repo / "scripts" / "setup.sh")], cwd=repo, env=env,
                          capture_output=True, text=True, timeout=60)
    return proc.returncode, log.read_text().splitlines(), proc.stderr


def test_root_without_sudo(tmp_path):
    rc, log, err = _run(tmp_path, 0, with_sudo=False)
    assert rc == 0, err
    assert "sudo" not in log
    install = [ln for ln in log if ln.startswith("apt-get") and " install " in ln]
    assert install and all(p in install[0] for p in ("python3-venv", "chromium", "libcairo2"))
    assert "python3 -m venv .venv" in log                        # isolated: no system site-packages
    assert not any("system-site-packages" in ln for ln in log)
    assert any(ln.startswith("venv-python -m pip install") and "requirements-test.txt" in ln for ln in log)


# A Debian interpreter that says it is fit (exit 0 to the version check), prints its own path to
# the realpath question, and makes a venv whose python logs what it is asked.
DEBIAN = ('#!/bin/sh\necho "debian-python $*" >> "$LOG"\n'
          'case "$1" in -m) mkdir -p .venv/bin; '
          'printf \'#!/bin/sh\\necho "venv-python $*" >> "$LOG"\\n\' > .venv/bin/python; '
          'chmod +x .venv/bin/python ;; -c) case "$2" in *realpath*) echo "$0" ;; esac ;; esac\n')


def test_debian_interpreter_preferred(tmp_path):
    """Debian's CPython (built with PGO and LTO: the engines run faster) makes the venv when it
    passes the check; an old one, or none, leaves the python3 on PATH to do it."""
    rc, log, err = _run(tmp_path, 0, with_sudo=False, debian_python=DEBIAN)
    assert rc == 0, err
    assert "debian-python -m venv .venv" in log and "python3 -m venv .venv" not in log
    assert any(ln.startswith("venv-python -m pip install") for ln in log)


def test_unfit_debian_interpreter_is_passed_over(tmp_path):
    rc, log, err = _run(tmp_path, 0, with_sudo=False, debian_python='#!/bin/sh\nexit 1\n')
    assert rc == 0, err
    assert "python3 -m venv .venv" in log


def test_venv_of_another_interpreter_is_remade(tmp_path):
    rc, log, err = _run(tmp_path, 0, with_sudo=False, debian_python=DEBIAN, venv_home="/opt/other/bin")
    assert rc == 0, err
    assert "debian-python -m venv .venv" in log
    assert not any(ln.startswith("old-venv-python") for ln in log)


def test_venv_of_the_chosen_interpreter_is_kept(tmp_path):
    rc, log, err = _run(tmp_path, 0, with_sudo=False, debian_python=DEBIAN,
                        venv_home=str(tmp_path / "debian"))
    assert rc == 0, err
    assert not any("-m venv" in ln for ln in log)
    assert any(ln.startswith("old-venv-python -m pip install") for ln in log)


def test_user_with_sudo(tmp_path):
    rc, log, err = _run(tmp_path, 1000, with_sudo=True)
    assert rc == 0, err
    i = log.index("sudo")
    assert log[i + 1].startswith("apt-get")


def test_user_without_sudo_gets_one_clear_line(tmp_path):
    rc, log, err = _run(tmp_path, 1000, with_sudo=False)
    assert rc == 2 and err.startswith("error: ") and len(err.strip().splitlines()) == 1
    assert not any(ln.startswith("apt-get") for ln in log)


def test_readme_and_ci_use_the_setup_script():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^    (\S.*)$", readme.split("## Set-up", 1)[1].split("\n## ", 1)[0], re.M)
    assert len(commands) == 2, commands                          # set-up + build, and the tests
    assert commands[0].startswith("scripts/setup.sh") and "sudo" not in commands[0]
    assert commands[1] == ".venv/bin/python -m pytest -n auto --dist loadgroup"
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert "scripts/setup.sh" in ci and "--system-site-packages" not in ci
    assert commands[1] + " --durations=15" in ci                    # the README's command, verbatim
    setup = (REPO / "scripts" / "setup.sh").read_text(encoding="utf-8")
    packages = re.search(r'APT_PACKAGES="([^"]*)"', setup).group(1).split()
    assert all(p in readme for p in packages)                     # the README names what it installs


def test_node_and_npm_commands_present_are_not_reinstalled(tmp_path, monkeypatch):
    """A nodejs build that bundles npm conflicts with Debian's npm package: where the node and
    npm commands exist, the set-up does not ask apt for them (it failed so on this machine)."""
    monkeypatch.setitem(FAKES, "node", "#!/bin/sh\nexit 0\n")
    monkeypatch.setitem(FAKES, "npm", '#!/bin/sh\necho "npm $*" >> "$LOG"\n')
    rc, log, err = _run(tmp_path, 0, with_sudo=False)
    assert rc == 0, err
    install = [ln for ln in log if ln.startswith("apt-get") and " install " in ln]
    assert install and "chromium" in install[0]
    assert " npm" not in install[0] and "nodejs" not in install[0]
