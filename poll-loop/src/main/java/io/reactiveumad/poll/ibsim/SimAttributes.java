package io.reactiveumad.poll.ibsim;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.poll.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@link PortAttributes} from what ibsim's control calls return: the node's NodeInfo and the
 * port's PortInfo in their SMP wire layout (big-endian, 64 bytes), and the P_Key table as ibsim keeps
 * it (big-endian u16 entries, as in the P_KeyTable attribute). Only the fields a port snapshot needs
 * are read here.
 */
final class SimAttributes {
    /** NodeInfo: NodeType u8 @2 (1 CA, 2 switch), PartitionCap u16 @28. */
    static final int NODE_TYPE_OFFSET = 2;
    static final int NODE_PARTITION_CAP_OFFSET = 28;
    static final int NODE_TYPE_SWITCH = 2;

    /** PortInfo: LID @16, MasterSMLID @18, LocalPortNum @28, PortState low nibble @32,
     *  PortPhysicalState high nibble @33, LMC low 3 bits @34, MasterSMSL low nibble @36. */
    static final int PORT_LID_OFFSET = 16;
    static final int PORT_SM_LID_OFFSET = 18;
    static final int PORT_LOCAL_PORT_OFFSET = 28;
    static final int PORT_STATE_OFFSET = 32;
    static final int PORT_PHYS_STATE_OFFSET = 33;
    static final int PORT_LMC_OFFSET = 34;
    static final int PORT_SM_SL_OFFSET = 36;

    private SimAttributes() {
    }

    /**
     * @param nodeId   the node ibsim attached us to
     * @param nodeGuid from GET_GUID
     * @param gid      from GET_GID: the port's GID prefix, then the node GUID
     */
    static PortAttributes decode(String nodeId, long nodeGuid, byte[] gid, byte[] nodeInfo, byte[] portInfo,
                                 byte[] pkeys) {
        ByteBuffer node = ByteBuffer.wrap(nodeInfo).order(ByteOrder.BIG_ENDIAN);
        ByteBuffer port = ByteBuffer.wrap(portInfo).order(ByteOrder.BIG_ENDIAN);
        boolean isSwitch = (node.get(NODE_TYPE_OFFSET) & 0xFF) == NODE_TYPE_SWITCH;
        // A switch client sits on management port 0; PortSpec numbers ports from 1, so call it 1.
        int portNumber = isSwitch ? 1 : port.get(PORT_LOCAL_PORT_OFFSET) & 0xFF;
        // GET_GID and the node's stored NodeInfo carry the node GUID where the port GUID belongs; ibsim
        // numbers a CA's port GUIDs nodeGuid + port, and a switch's port 0 has the node GUID.
        long portGuid = isSwitch ? nodeGuid : nodeGuid + (port.get(PORT_LOCAL_PORT_OFFSET) & 0xFF);
        Gid portGid = new Gid(ByteBuffer.wrap(gid).order(ByteOrder.BIG_ENDIAN).getLong(0), portGuid);
        int partitionCap = Math.max(1, Math.min(node.getShort(NODE_PARTITION_CAP_OFFSET) & 0xFFFF, pkeys.length / 2));
        ByteBuffer table = ByteBuffer.wrap(pkeys).order(ByteOrder.BIG_ENDIAN);
        List<Integer> pkeyList = new ArrayList<>(partitionCap);
        for (int i = 0; i < partitionCap; i++) {
            pkeyList.add(table.getShort(2 * i) & 0xFFFF);
        }
        return new PortAttributes(nodeId, portNumber, nodeGuid,
                port.getShort(PORT_LID_OFFSET) & 0xFFFF,
                port.get(PORT_LMC_OFFSET) & 0x07,
                port.getShort(PORT_SM_LID_OFFSET) & 0xFFFF,
                port.get(PORT_SM_SL_OFFSET) & 0x0F,
                port.get(PORT_STATE_OFFSET) & 0x0F,
                (port.get(PORT_PHYS_STATE_OFFSET) & 0xF0) >>> 4,
                "InfiniBand", List.of(portGid), pkeyList);
    }
}
