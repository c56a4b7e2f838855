package io.reactiveumad.poll.kernel;

import io.reactiveumad.poll.LinuxArch;
import io.reactiveumad.spi.channel.AgentRegistration;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The ib_umad ioctls (magic {@code 0x1b}) as the running architecture encodes them, and the layouts of
 * their arguments. Numbers are computed with {@code _IOC}, never hard-coded: powerpc, mips and sparc
 * place the direction bits differently.
 */
public final class UmadIoctl {
    public static final int MAGIC = 0x1b;
    /** {@code IB_USER_MAD_REGISTER_AGENT}: {@code _IOWR(0x1b, 1, struct ib_user_mad_reg_req)}. */
    public final long registerAgent;
    /** {@code IB_USER_MAD_UNREGISTER_AGENT}: {@code _IOW(0x1b, 2, __u32)}. */
    public final long unregisterAgent;
    /** {@code IB_USER_MAD_ENABLE_PKEY}: {@code _IO(0x1b, 3)}. */
    public final long enablePkey;
    /** {@code IB_USER_MAD_REGISTER_AGENT2}: {@code _IOWR(0x1b, 4, struct ib_user_mad_reg_req2)}. */
    public final long registerAgent2;

    private UmadIoctl(LinuxArch arch) {
        registerAgent = arch.iowr(MAGIC, 1, RegReq.SIZE);
        unregisterAgent = arch.iow(MAGIC, 2, Integer.BYTES);
        enablePkey = arch.io(MAGIC, 3);
        registerAgent2 = arch.iowr(MAGIC, 4, RegReq2.SIZE);
    }

    public static UmadIoctl of(LinuxArch arch) {
        return new UmadIoctl(arch);
    }

    /** The numbers for {@code os.arch}. */
    public static UmadIoctl current() {
        return new UmadIoctl(LinuxArch.of(System.getProperty("os.arch")));
    }

    /**
     * {@code struct ib_user_mad_reg_req} (28 bytes, the pre-ABI-5.1 registration), host order. The
     * method mask is an array of {@code unsigned long} aligned to 4, which on 64-bit Linux is two
     * host-order u64 at offset 4; the OUI is three bytes in wire order.
     */
    public static final class RegReq {
        public static final int SIZE = 28;
        public static final int ID_OFFSET = 0;
        public static final int METHOD_MASK_OFFSET = 4;
        public static final int QPN_OFFSET = 20;
        public static final int MGMT_CLASS_OFFSET = 21;
        public static final int MGMT_CLASS_VERSION_OFFSET = 22;
        public static final int OUI_OFFSET = 23;
        public static final int RMPP_VERSION_OFFSET = 26;

        private RegReq() {
        }

        /** Fills {@code arg} (host order) for {@code registration}; user RMPP is expressed as rmpp_version 0. */
        public static void encode(ByteBuffer arg, AgentRegistration registration) {
            clear(arg, SIZE);
            ByteBuffer host = arg.duplicate().order(ByteOrder.nativeOrder());
            host.putLong(METHOD_MASK_OFFSET, registration.methodMaskLo())
                    .putLong(METHOD_MASK_OFFSET + Long.BYTES, registration.methodMaskHi())
                    .put(QPN_OFFSET, (byte) registration.qpn())
                    .put(MGMT_CLASS_OFFSET, (byte) registration.mgmtClass())
                    .put(MGMT_CLASS_VERSION_OFFSET, (byte) registration.classVersion())
                    .put(OUI_OFFSET, (byte) (registration.oui() >>> 16))
                    .put(OUI_OFFSET + 1, (byte) (registration.oui() >>> 8))
                    .put(OUI_OFFSET + 2, (byte) registration.oui())
                    .put(RMPP_VERSION_OFFSET, (byte) (registration.userRmpp() ? 0 : registration.rmppVersion()));
        }
    }

    /** {@code struct ib_user_mad_reg_req2} (40 bytes), host order; the kernel writes the agent id back at 0. */
    public static final class RegReq2 {
        public static final int SIZE = 40;
        public static final int ID_OFFSET = 0;
        public static final int QPN_OFFSET = 4;
        public static final int MGMT_CLASS_OFFSET = 8;
        public static final int MGMT_CLASS_VERSION_OFFSET = 9;
        public static final int RES_OFFSET = 10;
        public static final int FLAGS_OFFSET = 12;
        public static final int METHOD_MASK_OFFSET = 16;
        public static final int OUI_OFFSET = 32;
        public static final int RMPP_VERSION_OFFSET = 36;
        /** {@code IB_USER_MAD_USER_RMPP}: raw RMPP segments both ways, the kernel does no RMPP. */
        public static final int FLAG_USER_RMPP = 1;

        private RegReq2() {
        }

        public static void encode(ByteBuffer arg, AgentRegistration registration) {
            clear(arg, SIZE);
            ByteBuffer host = arg.duplicate().order(ByteOrder.nativeOrder());
            host.putInt(QPN_OFFSET, registration.qpn())
                    .put(MGMT_CLASS_OFFSET, (byte) registration.mgmtClass())
                    .put(MGMT_CLASS_VERSION_OFFSET, (byte) registration.classVersion())
                    .putInt(FLAGS_OFFSET, registration.userRmpp() ? FLAG_USER_RMPP : 0)
                    .putLong(METHOD_MASK_OFFSET, registration.methodMaskLo())
                    .putLong(METHOD_MASK_OFFSET + Long.BYTES, registration.methodMaskHi())
                    .putInt(OUI_OFFSET, registration.oui())
                    .put(RMPP_VERSION_OFFSET, (byte) registration.rmppVersion());
        }
    }

    /** The agent id the kernel wrote back at offset 0 of either request. */
    public static int agentId(ByteBuffer arg) {
        return arg.duplicate().order(ByteOrder.nativeOrder()).getInt(0);
    }

    /** Fills {@code arg} with the host-order u32 agent id UNREGISTER_AGENT takes. */
    public static void encodeAgentId(ByteBuffer arg, int agentId) {
        clear(arg, Integer.BYTES);
        arg.duplicate().order(ByteOrder.nativeOrder()).putInt(0, agentId);
    }

    private static void clear(ByteBuffer arg, int size) {
        if (arg.capacity() < size) {
            throw new IllegalArgumentException("ioctl argument needs " + size + " bytes, buffer has " + arg.capacity());
        }
        // limit first: the previous call may have left a smaller one (UNREGISTER's 4 bytes, REGISTER's 28)
        arg.clear().limit(size);
        for (int i = 0; i < size; i++) {
            arg.put(i, (byte) 0);
        }
    }
}
