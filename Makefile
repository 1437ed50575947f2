# The two commands that matter (see README):
#   make run    set up and run the cabinet
#   make test   set up and run the tests
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-slow lint bench fuzz screens sphinx-book venv clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/handheld run $(ARGS)

# one test process a core (pytest-xdist), each test file whole in one process so that
# a module's fixtures are built once
XDIST := -n auto --dist loadfile

test: $(STAMP)
	$(PY) -m pytest -q $(XDIST) $(ARGS)

# ruff over the tree, mypy over the whole package (pyproject.toml)
lint: $(STAMP)
	$(PY) -m ruff check handheld tests image
	$(PY) -m mypy

test-slow: $(STAMP)
	$(PY) -m pytest -q -m slow $(ARGS)

bench: $(STAMP)
	$(VENV)/bin/handheld bench $(ARGS)

# a million ticks of random input, combos, idle and hot-plug through the headless
# cabinet (handheld/tools/fuzz.py); e.g. ARGS="--seed 5 --seeds 10 --keep out/fuzz"
fuzz: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m handheld.tools.fuzz --ticks 1000000 $(ARGS)

# every screen as a PNG in docs/screens/ with an index page (docs/screens/README.md)
screens: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m handheld.tools.screens docs/screens

# extend the Sphinx's opening book (handheld/games/sphinx/book.py) with its C search; it
# starts where the last run stopped. e.g. ARGS="--jobs 2" (1 GiB of memory a job)
sphinx-book: $(STAMP)
	mkdir -p build
	$(CC) -O3 -march=native -o build/book_solver handheld/games/sphinx/book_solver.c
	$(PY) -m handheld.games.sphinx.book_build --solver build/book_solver $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info

# The same tests on Debian bookworm's own python3-pygame 2.1.2 / numpy 1.24 /
# python3-evdev (what Raspberry Pi OS ships). Needs: apt install python3-pygame
# python3-numpy python3-evdev python3-tomlkit python3-pytest python3-pytest-xdist
test-bookworm:
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=$(CURDIR) /usr/bin/python3 -m pytest -q $(XDIST) $(ARGS)

# --- Debian package and SD card image (see docs/boot.md) ---
.PHONY: deb image image-test
DEB_VERSION = $(shell dpkg-parsechangelog -l debian/changelog -S Version)
DEB_WORK ?= build/deb
DIST ?= dist
DEB_SRC = $(DEB_WORK)/handheld-$(DEB_VERSION)

# dpkg-buildpackage writes next to the source tree, so it builds a copy in build/deb
# with the system python3 (not a venv or pyenv one on PATH);
# then lintian, which must report no errors and no warnings
deb:
	rm -rf $(DEB_WORK) && mkdir -p $(DEB_SRC) $(DIST)
	tar -cf - --exclude=./.git --exclude=./.venv --exclude=./build --exclude=./dist \
		--exclude=./out --exclude=__pycache__ --exclude='*.egg-info' . | tar -xf - -C $(DEB_SRC)
	cd $(DEB_SRC) && env PATH=/usr/sbin:/usr/bin:/sbin:/bin dpkg-buildpackage -us -uc --build=source,all
	lintian --fail-on error,warning --display-info --display-experimental --pedantic \
		$(DEB_WORK)/handheld_$(DEB_VERSION)_*.changes
	cp $(DEB_WORK)/handheld_$(DEB_VERSION)_all.deb $(DIST)/

# needs root and the host tools build.py names; the first run takes 5+ min (emulated)
image: deb
	python3 image/build.py --deb $(DIST)/handheld_$(DEB_VERSION)_all.deb --out $(DIST) $(ARGS)

# boots the built image under qemu-system-aarch64 and checks it from the host (slow),
# then writes the figures it measured into docs/boot.md (image/boot_report.py);
# ARGS replaces the default -q (e.g. ARGS=-v, ARGS="-v -k maintenance")
image-test: ARGS ?= -q
image-test: $(STAMP)
	HANDHELD_IMAGE_TEST=1 $(PY) -m pytest -m slow tests/boot $(ARGS); status=$$?; \
		$(PY) image/boot_report.py && exit $$status
