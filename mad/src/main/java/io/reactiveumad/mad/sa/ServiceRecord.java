package io.reactiveumad.mad.sa;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.PKeyTable;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * ServiceRecord (SA attribute 0x0031), 176 bytes: a service registered with the SA.
 *
 * <pre>
 *  0               1               2               3
 *  | ServiceID (64 bits)                                           |   0
 *  | ServiceGID (128 bits)                                         |   8
 *  | ServiceP_Key                  | Reserved                      |  24
 *  | ServiceLease (seconds; 0xFFFFFFFF = forever)                  |  28
 *  | ServiceKey (16 bytes)                                         |  32
 *  | ServiceName (64 bytes, UTF-8, NUL padded)                     |  48
 *  | ServiceData8[16]                                              | 112
 *  | ServiceData16[8]                                              | 128
 *  | ServiceData32[4]                                              | 144
 *  | ServiceData64[2]                                              | 160
 * </pre>
 *
 * The 64 bytes of ServiceData are kept whole in {@code serviceData}; {@link #data8}, {@link #data16},
 * {@link #data32} and {@link #data64} read the typed slots.
 */
public record ServiceRecord(long serviceId, Gid serviceGid, int servicePKey, long serviceLease, Octets serviceKey,
        String serviceName, Octets serviceData) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Sa.SERVICE_RECORD;
    public static final int SIZE = 176;
    public static final long LEASE_INFINITE = 0xFFFF_FFFFL;
    public static final int KEY_SIZE = 16;
    public static final int NAME_SIZE = 64;
    public static final int DATA_SIZE = 64;

    private static final int SERVICE_ID = 0;
    private static final int SERVICE_GID = 8;
    private static final int SERVICE_P_KEY = 24;
    private static final int SERVICE_LEASE = 28;
    private static final int SERVICE_KEY = 32;
    private static final int SERVICE_NAME = 48;
    private static final int SERVICE_DATA = 112;
    /** Where each typed slot array starts inside ServiceData. */
    private static final int DATA8 = 0;
    private static final int DATA16 = 16;
    private static final int DATA32 = 32;
    private static final int DATA64 = 48;

    /** ComponentMask bits; ServiceData has one bit per slot, from {@link #DATA8_0} up. */
    public static final class Component {
        public static final long SERVICE_ID = 1L;
        public static final long SERVICE_GID = 1L << 1;
        public static final long SERVICE_P_KEY = 1L << 2;
        public static final long SERVICE_LEASE = 1L << 4;
        public static final long SERVICE_KEY = 1L << 5;
        public static final long SERVICE_NAME = 1L << 6;
        /** ServiceData8[i] is bit {@code 7 + i}. */
        public static final int DATA8_0 = 7;
        /** ServiceData16[i] is bit {@code 23 + i}. */
        public static final int DATA16_0 = 23;
        /** ServiceData32[i] is bit {@code 31 + i}. */
        public static final int DATA32_0 = 31;
        /** ServiceData64[i] is bit {@code 35 + i}. */
        public static final int DATA64_0 = 35;

        private Component() {
        }
    }

    public ServiceRecord {
        Wire.checkText(serviceName, NAME_SIZE);
        serviceKey.requireLength("ServiceKey", KEY_SIZE);
        serviceData.requireLength("ServiceData", DATA_SIZE);
    }

    /**
     * A registration of service {@code serviceId} named {@code serviceName} at {@code serviceGid}, as a service
     * usually registers: in the default partition (P_Key 0xFFFF), an infinite lease, a zero ServiceKey and ServiceData.
     * The {@code with} methods give a copy with one field changed.
     */
    public static ServiceRecord of(long serviceId, Gid serviceGid, String serviceName) {
        return new ServiceRecord(serviceId, serviceGid, PKeyTable.DEFAULT_P_KEY, LEASE_INFINITE,
                Octets.zeros(KEY_SIZE), serviceName, Octets.zeros(DATA_SIZE));
    }

    /** This record with ServiceP_Key {@code pKey}. */
    public ServiceRecord withPKey(int pKey) {
        return new ServiceRecord(serviceId, serviceGid, pKey, serviceLease, serviceKey, serviceName, serviceData);
    }

    /** This record with a lease of {@code seconds} ({@link #LEASE_INFINITE}: for ever). */
    public ServiceRecord withLease(long seconds) {
        return new ServiceRecord(serviceId, serviceGid, servicePKey, seconds, serviceKey, serviceName, serviceData);
    }

    /** This record with ServiceKey {@code key} (16 bytes), which the SA shows to trusted requesters only. */
    public ServiceRecord withKey(Octets key) {
        return new ServiceRecord(serviceId, serviceGid, servicePKey, serviceLease, key, serviceName, serviceData);
    }

    /** This record with ServiceData {@code data} (64 bytes). */
    public ServiceRecord withData(Octets data) {
        return new ServiceRecord(serviceId, serviceGid, servicePKey, serviceLease, serviceKey, serviceName, data);
    }

    public static ServiceRecord decode(ByteBuffer buf, int o) {
        Wire.check("ServiceRecord", buf, o, SIZE);
        return new ServiceRecord(Wire.u64(buf, o + SERVICE_ID), Gid.read(buf, o + SERVICE_GID),
                Wire.u16(buf, o + SERVICE_P_KEY), Wire.u32(buf, o + SERVICE_LEASE),
                Octets.read(buf, o + SERVICE_KEY, KEY_SIZE), Wire.text(buf, o + SERVICE_NAME, NAME_SIZE),
                Octets.read(buf, o + SERVICE_DATA, DATA_SIZE));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("ServiceRecord", buf, o, SIZE);
        Wire.zero(buf, o, SERVICE_KEY);
        Wire.putU64(buf, o + SERVICE_ID, serviceId);
        serviceGid.write(buf, o + SERVICE_GID);
        Wire.putU16(buf, o + SERVICE_P_KEY, servicePKey);
        Wire.putU32(buf, o + SERVICE_LEASE, serviceLease);
        serviceKey.write(buf, o + SERVICE_KEY);
        Wire.putText(buf, o + SERVICE_NAME, NAME_SIZE, serviceName);
        serviceData.write(buf, o + SERVICE_DATA);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** ServiceData8[index], index 0..15. */
    public int data8(int index) {
        return Wire.u8(serviceData.buffer(), DATA8 + Objects.checkIndex(index, 16));
    }

    /** ServiceData16[index], index 0..7. */
    public int data16(int index) {
        return Wire.u16(serviceData.buffer(), DATA16 + 2 * Objects.checkIndex(index, 8));
    }

    /** ServiceData32[index], index 0..3. */
    public long data32(int index) {
        return Wire.u32(serviceData.buffer(), DATA32 + 4 * Objects.checkIndex(index, 4));
    }

    /** ServiceData64[index], index 0..1. */
    public long data64(int index) {
        return Wire.u64(serviceData.buffer(), DATA64 + 8 * Objects.checkIndex(index, 2));
    }

    /** Without the ServiceKey, which is a secret. */
    @Override
    public String toString() {
        return "ServiceRecord[serviceId=0x" + Long.toHexString(serviceId) + ", serviceGid=" + serviceGid
                + ", servicePKey=0x" + Integer.toHexString(servicePKey) + ", serviceLease=" + serviceLease
                + ", serviceName=" + serviceName + ", serviceData=" + serviceData + "]";
    }
}
