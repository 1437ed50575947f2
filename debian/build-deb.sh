#!/bin/sh
# Build dist/handheld_<version>_all.deb from this checkout with dpkg-deb.
# Usage: debian/build-deb.sh [OUTDIR]     (no root needed; files are owned root:root)
set -eu
cd "$(dirname "$0")/.."
OUT=${1:-dist}

for tool in dpkg-deb md5sum; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "build-deb: error: missing host tool '$tool': apt-get install dpkg" >&2
        exit 2
    fi
done
VERSION=$(sed -n 's/^version *= *"\([^"]*\)".*/\1/p' pyproject.toml | head -n1)
[ -n "$VERSION" ] || { echo "build-deb: error: no version = \"...\" in pyproject.toml" >&2; exit 2; }

STAGE=$(mktemp -d)
chmod 755 "$STAGE"
trap 'rm -rf "$STAGE"' EXIT
inst() {  # inst MODE SRC DEST
    install -D -m "$1" "$2" "$STAGE$3"
}

# the Python package (no bytecode: python3 compiles it on first use, or not on a read-only root)
find handheld -type f ! -path '*/__pycache__/*' ! -name '*.pyc' | sort | while read -r f; do
    inst 644 "$f" "/usr/lib/python3/dist-packages/$f"
done
mkdir -p "$STAGE/usr/bin"
printf '#!/usr/bin/python3\nfrom handheld.cli import main\nraise SystemExit(main())\n' > "$STAGE/usr/bin/handheld"
chmod 755 "$STAGE/usr/bin/handheld"

# service and kiosk settings
inst 644 systemd/handheld.service              /usr/lib/systemd/system/handheld.service
inst 644 systemd/getty@tty1.service.d/handheld.conf /usr/lib/systemd/system/getty@tty1.service.d/handheld.conf
inst 644 systemd/handheld-kiosk-system.conf    /usr/lib/systemd/system.conf.d/handheld-kiosk.conf
inst 644 systemd/handheld-kiosk-logind.conf    /usr/lib/systemd/logind.conf.d/handheld-kiosk.conf
inst 644 systemd/handheld-sysctl.conf          /usr/lib/sysctl.d/90-handheld.conf
inst 644 systemd/handheld-sysusers.conf        /usr/lib/sysusers.d/handheld.conf
inst 644 systemd/70-handheld.rules             /usr/lib/udev/rules.d/70-handheld.rules
inst 644 systemd/50-handheld.rules             /usr/share/polkit-1/rules.d/50-handheld.rules
inst 644 debian/handheld.toml                  /usr/share/handheld/handheld.toml
inst 644 debian/copyright                      /usr/share/doc/handheld/copyright
[ -f docs/boot.md ] && inst 644 docs/boot.md   /usr/share/doc/handheld/boot.md

# control files
mkdir -p "$STAGE/DEBIAN"
SIZE=$(du -sk "$STAGE" | cut -f1)
sed -e "s/@VERSION@/$VERSION/" -e "s/@SIZE@/$SIZE/" debian/control.in > "$STAGE/DEBIAN/control"
MD5=$(md5sum < debian/handheld.toml | cut -d' ' -f1)
sed -e "s/@BOOT_TOML_MD5@/$MD5/" debian/postrm > "$STAGE/DEBIAN/postrm"
cp debian/postinst debian/prerm "$STAGE/DEBIAN/"
chmod 755 "$STAGE/DEBIAN/postinst" "$STAGE/DEBIAN/prerm" "$STAGE/DEBIAN/postrm"
(cd "$STAGE" && find . -type f ! -path './DEBIAN/*' -printf '%P\n' | sort | xargs md5sum) > "$STAGE/DEBIAN/md5sums"

mkdir -p "$OUT"
DEB="$OUT/handheld_${VERSION}_all.deb"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$DEB" >/dev/null
echo "$DEB"
