#!/bin/sh
# Installed as the initrd's scripts/init-top/filesystems. Loads the filesystem modules of
# the root (ext4) and of the boot partition (vfat, with the code page and the character
# set Debian's kernel mounts it with: CONFIG_FAT_DEFAULT_CODEPAGE=437 and
# CONFIG_FAT_DEFAULT_IOCHARSET="ascii") with one modprobe, in the background, while udev
# replays the devices (init-top/udev runs next).
# Loaded one at a time, they cost 0.2-0.3 s per modprobe run under QEMU (each maps kmod's
# libraries, libcrypto among them), in series on the way to the root: three runs for
# /conf/modules and one more when the root's mount asked for ext4; and the boot
# partition's mount, later, still waited for nls_ascii (nls_utf8 was loaded instead).
# If the root is mounted before the load is done, the kernel asks for ext4 itself and
# waits for the load under way.
PREREQS=""
case "$1" in prereqs) echo "$PREREQS"; exit 0 ;; esac

/sbin/modprobe -q -a ext4 vfat nls_cp437 nls_ascii </dev/null >/dev/null 2>&1 &
