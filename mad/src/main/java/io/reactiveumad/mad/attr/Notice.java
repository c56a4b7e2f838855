package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.BitField;
import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * Notice (attribute 0x0002): the body of a Trap, and of the SA's Report to InformInfo subscribers.
 * 80 bytes; the 54 bytes of DataDetails depend on the trap number, see {@link #details()}.
 *
 * <pre>
 *  0               1               2               3
 *  |G| Type        | ProducerType / VendorID (24 bits)             |   0
 *  | TrapNumber / DeviceID         | IssuerLID                     |   4
 *  |T| NoticeCount (15 bits)       | DataDetails (54 bytes) …      |   8
 *  | … DataDetails                                                 |  12
 *  | IssuerGID (128 bits)                                          |  64
 * </pre>
 *
 * For a vendor notice ({@code generic} false) {@code producerType} holds the VendorID and
 * {@code trapNumber} the DeviceID.
 */
public record Notice(boolean generic, int type, int producerType, int trapNumber, int issuerLid, boolean toggle,
        int count, Octets dataDetails, Gid issuerGid) implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.NOTICE;
    public static final int SIZE = 80;
    public static final int DATA_DETAILS_SIZE = 54;

    /** Notice types. */
    public static final int TYPE_FATAL = 0;
    public static final int TYPE_URGENT = 1;
    public static final int TYPE_SECURITY = 2;
    public static final int TYPE_SUBNET_MANAGEMENT = 3;
    public static final int TYPE_INFO = 4;

    /** Producer types (the node type of the issuer, or the class manager). */
    public static final int PRODUCER_CHANNEL_ADAPTER = 1;
    public static final int PRODUCER_SWITCH = 2;
    public static final int PRODUCER_ROUTER = 3;
    public static final int PRODUCER_CLASS_MANAGER = 4;

    /** Generic trap numbers. */
    public static final int TRAP_GID_IN_SERVICE = 64;
    public static final int TRAP_GID_OUT_OF_SERVICE = 65;
    public static final int TRAP_MCAST_GROUP_CREATED = 66;
    public static final int TRAP_MCAST_GROUP_DELETED = 67;
    public static final int TRAP_UNPATH = 68;
    public static final int TRAP_REPATH = 69;
    public static final int TRAP_LINK_STATE_CHANGE = 128;
    public static final int TRAP_LINK_INTEGRITY = 129;
    public static final int TRAP_BUFFER_OVERRUN = 130;
    public static final int TRAP_FLOW_CONTROL_WATCHDOG = 131;
    public static final int TRAP_LOCAL_CHANGES = 144;
    public static final int TRAP_SYSTEM_IMAGE_GUID_CHANGE = 145;
    public static final int TRAP_BAD_M_KEY = 256;
    public static final int TRAP_BAD_P_KEY = 257;
    public static final int TRAP_BAD_Q_KEY = 258;
    public static final int TRAP_SWITCH_BAD_P_KEY = 259;

    private static final BitField GENERIC = BitField.flag(0, 7);
    private static final BitField TYPE = BitField.in8(0, 0, 7);
    private static final int PRODUCER_TYPE = 1;
    private static final int TRAP_NUMBER = 4;
    private static final int ISSUER_LID = 6;
    private static final BitField TOGGLE = BitField.in16(8, 15, 1);
    private static final BitField COUNT = BitField.in16(8, 0, 15);
    /** Where DataDetails start; {@link TrapDetails} offsets count from here. */
    public static final int DATA_DETAILS = 10;
    private static final int ISSUER_GID = 64;

    public Notice {
        dataDetails.requireLength("Notice DataDetails", DATA_DETAILS_SIZE);
    }

    /** A generic notice whose DataDetails are {@code details}' encoding. */
    public static Notice generic(int type, int producerType, int trapNumber, int issuerLid, TrapDetails details,
            Gid issuerGid) {
        byte[] data = new byte[DATA_DETAILS_SIZE];
        details.encode(ByteBuffer.wrap(data), 0);
        return new Notice(true, type, producerType, trapNumber, issuerLid, false, 0, Octets.of(data), issuerGid);
    }

    public static Notice decode(ByteBuffer buf, int o) {
        Wire.check("Notice", buf, o, SIZE);
        return new Notice(GENERIC.isSet(buf, o), TYPE.get(buf, o), Wire.u24(buf, o + PRODUCER_TYPE),
                Wire.u16(buf, o + TRAP_NUMBER), Wire.u16(buf, o + ISSUER_LID), TOGGLE.isSet(buf, o),
                COUNT.get(buf, o), Octets.read(buf, o + DATA_DETAILS, DATA_DETAILS_SIZE),
                Gid.read(buf, o + ISSUER_GID));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("Notice", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        GENERIC.put(buf, o, generic);
        TYPE.put(buf, o, type);
        Wire.putU24(buf, o + PRODUCER_TYPE, producerType);
        Wire.putU16(buf, o + TRAP_NUMBER, trapNumber);
        Wire.putU16(buf, o + ISSUER_LID, issuerLid);
        TOGGLE.put(buf, o, toggle);
        COUNT.put(buf, o, count);
        dataDetails.write(buf, o + DATA_DETAILS);
        issuerGid.write(buf, o + ISSUER_GID);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    /** The DataDetails decoded per trap number; {@link TrapDetails.Raw} for vendor notices and other traps. */
    public TrapDetails details() {
        return generic ? TrapDetails.decode(trapNumber, dataDetails.buffer(), 0) : new TrapDetails.Raw(dataDetails);
    }
}
