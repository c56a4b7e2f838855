package io.reactiveumad.poll.ibsim;

import io.reactiveumad.mad.Gid;
import io.reactiveumad.mad.attr.NodeInfo;
import io.reactiveumad.mad.attr.PortInfo;
import io.reactiveumad.spi.channel.DeviceAttributes;
import io.reactiveumad.spi.channel.PortAttributes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds {@link PortAttributes} and {@link DeviceAttributes} from what ibsim's control calls return: the node's
 * NodeInfo and the port's PortInfo in their SMP wire layout, GET_GID's 16 bytes, the P_Key table as ibsim keeps it
 * (big-endian u16 entries, as in the P_KeyTable attribute, at most 32 of them in a control reply) and GET_VENDOR's.
 */
final class SimAttributes {
    /** What the device is, where a kernel driver names the HCA model: umad2sim's word for it too. */
    static final String DEVICE_TYPE = "simulator";

    private SimAttributes() {
    }

    /**
     * The attached port as a channel sees it, numbered as the node numbers it: a switch's management port is 0.
     *
     * @param nodeId   the node ibsim attached us to
     * @param nodeGuid from GET_GUID
     * @param gid      from GET_GID: the port's GID prefix, then the node GUID
     */
    static PortAttributes decode(String nodeId, long nodeGuid, byte[] gid, byte[] nodeInfo, byte[] portInfo,
                                 byte[] pkeys) {
        NodeInfo node = NodeInfo.decode(ByteBuffer.wrap(nodeInfo), 0);
        PortInfo port = PortInfo.decode(ByteBuffer.wrap(portInfo), 0);
        return port(nodeId, port.localPortNum(), nodeGuid, gid, node, port, pkeys);
    }

    /**
     * The attached node as a device with its one port, numbered as the node numbers it (a switch's is 0), as
     * umad2sim's sysfs shows it to ibstat.
     */
    static DeviceAttributes device(String nodeId, long nodeGuid, byte[] gid, byte[] nodeInfo, byte[] portInfo,
                                   byte[] pkeys, IbsimVendor vendor) {
        NodeInfo node = NodeInfo.decode(ByteBuffer.wrap(nodeInfo), 0);
        PortInfo port = PortInfo.decode(ByteBuffer.wrap(portInfo), 0);
        return new DeviceAttributes(nodeId, node.nodeType(), DEVICE_TYPE, Long.toHexString(vendor.firmwareVersion()),
                Integer.toHexString(vendor.hardwareVersion()), nodeGuid, node.systemImageGuid(),
                List.of(port(nodeId, port.localPortNum(), nodeGuid, gid, node, port, pkeys)));
    }

    private static PortAttributes port(String nodeId, int portNumber, long nodeGuid, byte[] gid, NodeInfo node,
                                       PortInfo port, byte[] pkeys) {
        // GET_GID and the node's stored NodeInfo carry the node GUID where the port GUID belongs; ibsim
        // numbers a CA's port GUIDs nodeGuid + port, and a switch's port 0 has the node GUID.
        long portGuid = node.isSwitch() ? nodeGuid : nodeGuid + port.localPortNum();
        Gid portGid = new Gid(ByteBuffer.wrap(gid).order(ByteOrder.BIG_ENDIAN).getLong(0), portGuid);
        int entries = Math.max(1, Math.min(node.partitionCap(), pkeys.length / 2));
        ByteBuffer table = ByteBuffer.wrap(pkeys).order(ByteOrder.BIG_ENDIAN);
        List<Integer> pkeyList = new ArrayList<>(entries);
        for (int i = 0; i < entries; i++) {
            pkeyList.add(table.getShort(2 * i) & 0xFFFF);
        }
        return new PortAttributes(nodeId, portNumber, nodeGuid, port.lid(), port.lmc(), port.masterSmLid(),
                port.masterSmSl(), port.portState(), port.portPhysicalState(), "InfiniBand", List.of(portGid),
                pkeyList, port.capabilityMask(), PortAttributes.rate(port));
    }
}
