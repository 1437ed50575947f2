# The two commands that matter (see README):
#   make run    set up and run the cabinet
#   make test   set up and run the tests
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test test-slow bench screens venv clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

venv: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/handheld run $(ARGS)

test: $(STAMP)
	$(PY) -m pytest -q $(ARGS)

test-slow: $(STAMP)
	$(PY) -m pytest -q -m slow $(ARGS)

bench: $(STAMP)
	$(VENV)/bin/handheld bench $(ARGS)

# every screen as a PNG in docs/screens/ with an index page (docs/screens/README.md)
screens: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m handheld.screens docs/screens

clean:
	rm -rf $(VENV) build *.egg-info

# The same tests on Debian bookworm's own python3-pygame 2.1.2 / numpy 1.24 /
# python3-evdev (what Raspberry Pi OS ships). Needs: apt install python3-pygame
# python3-numpy python3-evdev python3-pytest
test-bookworm:
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONPATH=$(CURDIR) /usr/bin/python3 -m pytest -q $(ARGS)

# --- Debian package and SD card image (see docs/boot.md) ---
.PHONY: deb image image-test
deb:
	debian/build-deb.sh dist

# needs root and the host tools build.py names; the first run takes 30+ min (emulated)
image: deb
	python3 image/build.py --deb dist/handheld_$$(sed -n 's/^version *= *"\(.*\)"/\1/p' pyproject.toml)_all.deb --out dist $(ARGS)

# boots the built image under qemu-system-aarch64 and checks it from the host (slow)
image-test: $(STAMP)
	HANDHELD_IMAGE_TEST=1 $(PY) -m pytest -q -m slow tests/boot $(ARGS)
