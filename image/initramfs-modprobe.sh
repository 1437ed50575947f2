#!/bin/sh
# The initrd's /sbin/modprobe. Before /init runs, the kernel's built-in crypto code asks
# for six modules that exist nowhere (crypto-hmac(sha256), crypto-hmac(sha1),
# crypto-cbc(aes), each also with "-all"), one after another, each time running this
# program as "modprobe -q -- NAME". kmod's modprobe maps its libraries (libcrypto among
# them) for each: 0.15-0.5 s a run under QEMU, about 1.5 s before /init. A crypto name
# that no module in the initrd has as an alias can never load, and the crypto code ignores
# the answer and looks for the algorithm again, so such a request ends here. The initrd's
# hook lists those aliases in crypto-aliases (a short file: the shell reads it a byte at a
# time; modules.alias took 0.5 s a request). Every other call goes to kmod's modprobe.
here=/usr/libexec/handheld

if [ "$#" = 3 ] && [ "$1" = -q ] && [ "$2" = -- ]; then
	case "$3" in
	crypto-*)
		while read -r alias; do
			# shellcheck disable=SC2254 # an alias is a pattern, as kmod matches it
			case "$3" in $alias) exec "$here/modprobe" "$@" ;; esac
		done < "$here/crypto-aliases"
		exit 1 ;;
	esac
fi
exec "$here/modprobe" "$@"
