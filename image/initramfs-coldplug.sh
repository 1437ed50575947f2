#!/bin/sh -e
# The initrd's udev, installed as /etc/initramfs-tools/scripts/init-top/udev so it takes
# the place of the udev package's script of that name (initramfs-tools copies the /etc
# scripts over /usr/share's).
#
# The initrd only has to find the root filesystem and bring up the display and the input
# devices. It replays the "add" events of the devices that can lead there (the buses
# whose drivers load by modalias, block, drm, graphics, input) and skips the rest: the
# subsystem objects and the classes with no driver to load and no node the root's
# mount, the display or the sticks need (a class device has no modalias: its driver is
# already bound). Under QEMU the full replay took 10-13 s of the boot, this one 2-4 s;
# each device costs about 20 ms of udevadm's own walk there, before udevd's rules run.
# The root's own coldplug (systemd-udev-trigger.service) replays every device again
# later, so nothing is lost; devices that appear after udevd starts get their events
# as usual.
PREREQS=""
case "$1" in prereqs) echo "$PREREQS"; exit 0 ;; esac

if [ -w /sys/kernel/uevent_helper ]; then
	echo > /sys/kernel/uevent_helper
fi
if [ "${quiet:-n}" = "y" ]; then
	log_level=notice
else
	log_level=info
fi
SYSTEMD_LOG_LEVEL=$log_level /lib/systemd/systemd-udevd --daemon --resolve-names=never

skip=""
for class in tty vc vtconsole mem misc cpu memory node workqueue bdi net \
		event_source clockevents clocksource wakeup memory_tiering edac \
		leds rtc regulator pci_bus virtio-ports thermal hwmon devlink dma watchdog \
		power_supply backlight bsg mmc_host spi_master i2c-adapter iommu phy extcon \
		devfreq devfreq-event mbox pwm pps ptp devcoredump tpm tpmrm remoteproc; do
	skip="$skip --subsystem-nomatch=$class"
done
# shellcheck disable=SC2086
udevadm trigger --type=devices --action=add $skip
udevadm settle || true
# udevd keeps running until init-bottom, for devices that come late (a slow SD card).
