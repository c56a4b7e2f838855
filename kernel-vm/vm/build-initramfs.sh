#!/bin/bash
# Builds what run-in-vm.sh boots, from the Debian kernel installed on this machine:
#   OUT/initramfs.cpio.gz  busybox-static, the modules for virtio-9p, a dummy netdev, Soft-RoCE and
#                          ib_umad (dependencies resolved by modprobe from modules.dep), and ./init
#   OUT/vmlinux            the uncompressed kernel ELF: qemu enters it through PVH, which skips the
#                          in-guest decompression of the bzImage (seconds under TCG); OUT/vmlinuz if
#                          it cannot be extracted
# Nothing is rebuilt while OUT/stamp matches the kernel version and this script's and init's content.
#
# Usage: build-initramfs.sh [-o OUT] [-k KVER]   (OUT default: ../target/vm, KVER: newest with rdma_rxe)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$HERE/../target/vm
KVER=
while getopts o:k: opt; do
  case $opt in o) OUT=$OPTARG ;; k) KVER=$OPTARG ;; *) exit 2 ;; esac
done
fail() { echo "build-initramfs: $*" >&2; exit 1; }

if [ -z "$KVER" ]; then
  for dir in $(ls -1d /lib/modules/*/ 2>/dev/null | sort -V); do
    [ -n "$(find "$dir" -name 'rdma_rxe.ko*' -print -quit)" ] && KVER=$(basename "$dir")
  done
fi
[ -n "$KVER" ] || fail "no installed kernel has rdma_rxe (apt-get install linux-image-amd64)"
[ -r "/boot/vmlinuz-$KVER" ] || fail "/boot/vmlinuz-$KVER is missing or unreadable"
BUSYBOX=$(command -v busybox) || fail "busybox not found (apt-get install busybox-static)"
# the initramfs has no dynamic loader: ldd fails on a static binary
! ldd "$BUSYBOX" >/dev/null 2>&1 || fail "$BUSYBOX is not statically linked (apt-get install busybox-static)"
for tool in modprobe cpio gzip; do command -v $tool >/dev/null || fail "$tool not found"; done

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
STAMP="$KVER $(cat "$HERE/init" "$0" | sha256sum | cut -d' ' -f1)"
if [ -f "$OUT/initramfs.cpio.gz" ] && [ "$(cat "$OUT/stamp" 2>/dev/null)" = "$STAMP" ]; then
  exit 0
fi

# crc32_generic provides the "crc32" shash rdma_rxe asks the crypto API for when a link is added; it is
# not in modules.dep, and without it `rdma link add` fails with ENOENT.
TOP_MODULES="virtio_pci 9pnet_virtio 9p dummy crc32_generic ib_core ib_uverbs ib_umad rdma_rxe"

STAGE=$(mktemp -d "$OUT/.stage.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE"/{bin,dev,proc,sys,host,ctl,modules}
cp "$BUSYBOX" "$STAGE/bin/busybox"
install -m 755 "$HERE/init" "$STAGE/init"

for module in $TOP_MODULES; do
  modprobe -S "$KVER" --show-depends "$module" | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' | while read -r path; do
  name=$(basename "$path"); name=${name%%.ko*}
  case "$path" in
    *.ko)     cp "$path" "$STAGE/modules/$name.ko" ;;
    *.ko.xz)  xz -dc "$path" > "$STAGE/modules/$name.ko" ;;
    *.ko.zst) zstd -qdc "$path" > "$STAGE/modules/$name.ko" ;;
    *.ko.gz)  gzip -dc "$path" > "$STAGE/modules/$name.ko" ;;
    *) fail "unexpected module file $path" ;;
  esac
  echo "$name"                                   # load order: dependencies first
done > "$STAGE/modules/order"
[ -s "$STAGE/modules/order" ] || fail "modprobe resolved no modules for $KVER"

(cd "$STAGE" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -1) > "$OUT/initramfs.cpio.gz.tmp"
mv "$OUT/initramfs.cpio.gz.tmp" "$OUT/initramfs.cpio.gz"

# The bzImage embeds the compressed ELF after a decompressor stub: try each compressed-stream magic
# until one decompresses to an ELF.
rm -f "$OUT/vmlinux" "$OUT/vmlinuz"
extract_elf() {   # extract_elf MAGIC_REGEX DECOMPRESS_COMMAND...
  local magic=$1; shift
  for offset in $(LC_ALL=C grep -obUaP "$magic" "/boot/vmlinuz-$KVER" | cut -d: -f1); do
    tail -c +$((offset + 1)) "/boot/vmlinuz-$KVER" | "$@" > "$OUT/vmlinux.tmp" 2>/dev/null || true
    if [ "$(head -c 4 "$OUT/vmlinux.tmp" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
      mv "$OUT/vmlinux.tmp" "$OUT/vmlinux"
      return 0
    fi
  done
  rm -f "$OUT/vmlinux.tmp"
  return 1
}
extract_elf '\xFD7zXZ\x00' xz -dc --single-stream \
  || extract_elf '\x28\xB5\x2F\xFD' zstd -dcq \
  || extract_elf '\x1F\x8B\x08' gzip -dc \
  || { echo "build-initramfs: no ELF inside the bzImage, booting it compressed" >&2
       ln -s "/boot/vmlinuz-$KVER" "$OUT/vmlinuz"; }
echo "$STAMP" > "$OUT/stamp"
echo "build-initramfs: kernel $KVER, modules: $(tr '\n' ' ' < "$STAGE/modules/order")" >&2
