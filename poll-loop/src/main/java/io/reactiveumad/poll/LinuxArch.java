package io.reactiveumad.poll;

import java.util.Locale;

/**
 * The Linux constants that differ between CPU architectures, declared once per family.
 *
 * <p>Only the architectures whose errno and {@code open} flags follow the generic table (x86, arm,
 * riscv, s390, loongarch, powerpc) can run the native layer; mips and sparc are listed for their
 * {@code _IOC} encoding, which differs, and are refused by {@link #current()} because their flag and
 * errno values differ as well and nothing here has been verified on them.
 */
public enum LinuxArch {
    /** asm-generic: x86, arm, arm64, riscv, s390, loongarch. */
    GENERIC(14, 0, 1, 2, true),
    /** powerpc: 13 size bits, 3 direction bits, _IOC_NONE is 1. */
    POWERPC(13, 1, 4, 2, true),
    /** mips: encoded like powerpc; flags and errno differ. */
    MIPS(13, 1, 4, 2, false),
    /** sparc: encoded like powerpc; flags and errno differ. */
    SPARC(13, 1, 4, 2, false);

    private static final int NR_BITS = 8;
    private static final int TYPE_BITS = 8;
    private static final int TYPE_SHIFT = NR_BITS;
    private static final int SIZE_SHIFT = TYPE_SHIFT + TYPE_BITS;

    private final int sizeBits;
    private final int dirNone;
    private final int dirWrite;
    private final int dirRead;
    private final boolean genericFlagsAndErrno;

    LinuxArch(int sizeBits, int dirNone, int dirWrite, int dirRead, boolean genericFlagsAndErrno) {
        this.sizeBits = sizeBits;
        this.dirNone = dirNone;
        this.dirWrite = dirWrite;
        this.dirRead = dirRead;
        this.genericFlagsAndErrno = genericFlagsAndErrno;
    }

    /** The family of {@code os.arch}, e.g. {@code amd64}, {@code aarch64}, {@code ppc64le}. */
    public static LinuxArch of(String osArch) {
        String arch = osArch.toLowerCase(Locale.ROOT);
        if (arch.startsWith("ppc") || arch.startsWith("powerpc")) {
            return POWERPC;
        }
        if (arch.startsWith("mips")) {
            return MIPS;
        }
        if (arch.startsWith("sparc")) {
            return SPARC;
        }
        if (arch.startsWith("alpha") || arch.startsWith("parisc") || arch.startsWith("hppa")) {
            throw new UnsupportedOperationException("unsupported architecture: " + osArch);
        }
        return GENERIC;
    }

    /** The running JVM's architecture, refused unless the native layer's constants hold on it. */
    public static LinuxArch current() {
        LinuxArch arch = of(System.getProperty("os.arch"));
        if (!arch.genericFlagsAndErrno) {
            throw new UnsupportedOperationException("errno and open flags are not mapped for " + arch);
        }
        return arch;
    }

    /** {@code _IO(type, nr)}: no argument. */
    public long io(int type, int nr) {
        return ioc(dirNone, type, nr, 0);
    }

    /** {@code _IOW(type, nr, size)}: the kernel reads {@code size} bytes from the argument. */
    public long iow(int type, int nr, int size) {
        return ioc(dirWrite, type, nr, size);
    }

    /** {@code _IOWR(type, nr, size)}: the kernel reads and writes back {@code size} bytes. */
    public long iowr(int type, int nr, int size) {
        return ioc(dirRead | dirWrite, type, nr, size);
    }

    private long ioc(int dir, int type, int nr, int size) {
        if (size >= 1 << sizeBits) {
            throw new IllegalArgumentException("ioctl argument too large for " + this + ": " + size);
        }
        int dirShift = SIZE_SHIFT + sizeBits;
        return ((long) dir << dirShift | (long) size << SIZE_SHIFT | (long) type << TYPE_SHIFT | nr) & 0xFFFF_FFFFL;
    }
}
