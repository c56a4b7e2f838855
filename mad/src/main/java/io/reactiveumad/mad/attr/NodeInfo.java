package io.reactiveumad.mad.attr;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;

/**
 * NodeInfo (SMP attribute 0x0011): what kind of node answered and its GUIDs.
 *
 * <pre>
 *  0               1               2               3
 *  | BaseVersion   | ClassVersion  | NodeType      | NumPorts      |   0
 *  | SystemImageGUID (64 bits)                                     |   4
 *  | NodeGUID (64 bits)                                            |  12
 *  | PortGUID (64 bits)                                            |  20
 *  | PartitionCap                  | DeviceID                      |  28
 *  | Revision                                                      |  32
 *  | LocalPortNum  | VendorID (24 bits)                            |  36
 * </pre>
 */
public record NodeInfo(int baseVersion, int classVersion, int nodeType, int numPorts, long systemImageGuid,
        long nodeGuid, long portGuid, int partitionCap, int deviceId, long revision, int localPortNum, int vendorId)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Smp.NODE_INFO;
    public static final int SIZE = 40;

    public static final int TYPE_CHANNEL_ADAPTER = 1;
    public static final int TYPE_SWITCH = 2;
    public static final int TYPE_ROUTER = 3;

    private static final int BASE_VERSION = 0;
    private static final int CLASS_VERSION = 1;
    private static final int NODE_TYPE = 2;
    private static final int NUM_PORTS = 3;
    private static final int SYSTEM_IMAGE_GUID = 4;
    private static final int NODE_GUID = 12;
    private static final int PORT_GUID = 20;
    private static final int PARTITION_CAP = 28;
    private static final int DEVICE_ID = 30;
    private static final int REVISION = 32;
    private static final int LOCAL_PORT_NUM = 36;
    private static final int VENDOR_ID = 37;

    public static NodeInfo decode(ByteBuffer buf, int offset) {
        Wire.check("NodeInfo", buf, offset, SIZE);
        return new NodeInfo(Wire.u8(buf, offset + BASE_VERSION), Wire.u8(buf, offset + CLASS_VERSION),
                Wire.u8(buf, offset + NODE_TYPE), Wire.u8(buf, offset + NUM_PORTS),
                Wire.u64(buf, offset + SYSTEM_IMAGE_GUID), Wire.u64(buf, offset + NODE_GUID),
                Wire.u64(buf, offset + PORT_GUID), Wire.u16(buf, offset + PARTITION_CAP),
                Wire.u16(buf, offset + DEVICE_ID), Wire.u32(buf, offset + REVISION),
                Wire.u8(buf, offset + LOCAL_PORT_NUM), Wire.u24(buf, offset + VENDOR_ID));
    }

    @Override
    public void encode(ByteBuffer buf, int offset) {
        Wire.check("NodeInfo", buf, offset, SIZE);
        Wire.putU8(buf, offset + BASE_VERSION, baseVersion);
        Wire.putU8(buf, offset + CLASS_VERSION, classVersion);
        Wire.putU8(buf, offset + NODE_TYPE, nodeType);
        Wire.putU8(buf, offset + NUM_PORTS, numPorts);
        Wire.putU64(buf, offset + SYSTEM_IMAGE_GUID, systemImageGuid);
        Wire.putU64(buf, offset + NODE_GUID, nodeGuid);
        Wire.putU64(buf, offset + PORT_GUID, portGuid);
        Wire.putU16(buf, offset + PARTITION_CAP, partitionCap);
        Wire.putU16(buf, offset + DEVICE_ID, deviceId);
        Wire.putU32(buf, offset + REVISION, revision);
        Wire.putU8(buf, offset + LOCAL_PORT_NUM, localPortNum);
        Wire.putU24(buf, offset + VENDOR_ID, vendorId);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    public boolean isSwitch() {
        return nodeType == TYPE_SWITCH;
    }

    /** The GUIDs, device, revision and vendor in hex, as smpquery prints them (a record's own: GUIDs in decimal). */
    @Override
    public String toString() {
        return String.format("NodeInfo[nodeType=%d numPorts=%d systemImageGuid=0x%016x nodeGuid=0x%016x "
                + "portGuid=0x%016x partitionCap=%d deviceId=0x%04x revision=0x%08x localPortNum=%d vendorId=0x%06x "
                + "baseVersion=%d classVersion=%d]", nodeType, numPorts, systemImageGuid, nodeGuid, portGuid,
                partitionCap, deviceId, revision, localPortNum, vendorId, baseVersion, classVersion);
    }
}
