package io.reactiveumad.test;

import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.mlnx.ConfigSpaceAccess;
import io.reactiveumad.mad.mlnx.CounterGroupConfig;
import io.reactiveumad.mad.mlnx.CounterGroupInfo;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import io.reactiveumad.test.topology.ChassisRules;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The agent of Mellanox's vendor class (0x0A) on every node whose vendor ID is Mellanox's, as vendstat finds it: a
 * ClassPortInfo, the GeneralInfo of the node's device (its device ID and revision, the fabric's uptime, a firmware
 * version tests can set), a configuration space that keeps what a Set writes (an InfiniScale III's PortXmitWait words
 * read from its ports' counters), and on switches two counter groups per port. Other vendors' nodes do not have the
 * class: their requests get the unclaimed-class answer. Runs on the fabric executor only, so its state is plain maps.
 */
final class MlnxVendorAgent implements LocalService {
    /** The firmware version a node reports until a test sets another. */
    static final GeneralInfo.Version DEFAULT_FIRMWARE = new GeneralInfo.Version(1, 0, 0);
    /** The counter selections each group takes: the ones vendstat names (group 0: 0, 1, 2; group 1: 1, 2, 8). */
    private static final long GROUP0_SELECTIONS = 1 << 0 | 1 << 1 | 1 << 2;
    private static final long GROUP1_SELECTIONS = 1 << 1 | 1 << 2 | 1 << 8;
    /** What a port's groups count until a Set: PortXmitDataSL, SLs 0-7 in group 0 and 8-15 in group 1. */
    private static final CounterGroupConfig DEFAULT_COUNTER_GROUPS = new CounterGroupConfig(0, 1);
    private static final ClassPortInfo CLASS_PORT_INFO = ClassPortInfo.of(1, 0, 0, RESP_TIME_VALUE);

    private final FabricEngine engine;
    private final long startNanos;
    private final Map<FabricNode, Device> devices = new HashMap<>();

    /** One node's: what its Sets left. */
    private static final class Device {
        GeneralInfo.Version firmware = DEFAULT_FIRMWARE;
        final Map<Long, Long> configSpace = new HashMap<>();
        final Map<Integer, CounterGroupConfig> counterGroups = new HashMap<>();
    }

    MlnxVendorAgent(FabricEngine engine) {
        this.engine = engine;
        this.startNanos = engine.executor.nanoTime();
    }

    @Override
    public boolean serves(FabricNode node, int port, int mgmtClass, int method) {
        return mgmtClass == MgmtClass.MLNX_VENDOR && node.node.vendorId() == ChassisRules.MELLANOX
                && (method == Method.GET || method == Method.SET);
    }

    /** Sets the firmware version {@code node}'s GeneralInfo reports, if its device's layout can say it. */
    void setFirmware(FabricNode node, GeneralInfo.Version firmware) {
        try {
            generalInfo(node, firmware);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(node.node.id() + ": " + e.getMessage(), e);
        }
        device(node).firmware = firmware;
    }

    @Override
    public void onRequest(Arrival request) {
        ByteBuffer in = ByteBuffer.wrap(request.mad());
        int data = MgmtClass.dataOffset(MgmtClass.MLNX_VENDOR);
        FabricNode node = request.node();
        Device d = device(node);
        boolean set = request.isSet();
        long modifier = request.attributeModifier();
        byte[] response = switch (request.attributeId()) {
            case ClassPortInfo.ATTRIBUTE_ID -> set ? unsupported(request) : FabricEngine.answer(request, CLASS_PORT_INFO);
            case GeneralInfo.ATTRIBUTE_ID -> set ? unsupported(request) : FabricEngine.answer(request, generalInfo(node, d.firmware));
            case ConfigSpaceAccess.ATTRIBUTE_ID -> {
                int count = ConfigSpaceAccess.count(modifier);
                if (count < 1 || count > ConfigSpaceAccess.MAX_RECORDS) {
                    yield FabricEngine.status(request, Sma.INVALID_VALUE);
                }
                List<ConfigSpaceAccess.Entry> answered = new ArrayList<>(count);
                for (ConfigSpaceAccess.Entry asked : ConfigSpaceAccess.decode(in, data).first(count).records()) {
                    long was = read(node, d, asked.address());
                    long now = set ? asked.writtenOver(was) : was;
                    if (set) {
                        d.configSpace.put(asked.address(), now);
                    }
                    answered.add(new ConfigSpaceAccess.Entry(asked.address(), now, asked.mask()));
                }
                yield FabricEngine.answer(request, new ConfigSpaceAccess(answered));
            }
            case CounterGroupInfo.ATTRIBUTE_ID -> {
                if (set || !node.isSwitch()) {
                    yield unsupported(request);
                }
                yield modifier > node.node.portCount() ? FabricEngine.status(request, Sma.INVALID_VALUE)
                        : FabricEngine.answer(request, new CounterGroupInfo(CounterGroupInfo.GROUPS, GROUP0_SELECTIONS,
                                GROUP1_SELECTIONS));
            }
            case CounterGroupConfig.ATTRIBUTE_ID -> {
                if (!node.isSwitch()) {
                    yield unsupported(request);
                }
                if (modifier > node.node.portCount()) {
                    yield FabricEngine.status(request, Sma.INVALID_VALUE);
                }
                if (set) {
                    CounterGroupConfig asked = CounterGroupConfig.decode(in, data);
                    if (!selectable(GROUP0_SELECTIONS, asked.group0Select())
                            || !selectable(GROUP1_SELECTIONS, asked.group1Select())) {
                        yield FabricEngine.status(request, Sma.INVALID_VALUE);
                    }
                    d.counterGroups.put((int) modifier, asked);
                }
                yield FabricEngine.answer(request, d.counterGroups.getOrDefault((int) modifier, DEFAULT_COUNTER_GROUPS));
            }
            default -> unsupported(request);
        };
        engine.reply(request, response);
    }

    private Device device(FabricNode node) {
        return devices.computeIfAbsent(node, n -> new Device());
    }

    /** The node's GeneralInfo: its device's ID and revision, the seconds since the fabric started, {@code firmware}. */
    private GeneralInfo generalInfo(FabricNode node, GeneralInfo.Version firmware) {
        long uptimeSeconds = TimeUnit.NANOSECONDS.toSeconds(engine.executor.nanoTime() - startNanos);
        return new GeneralInfo(Sma.NODE_REVISION, node.node.deviceId() & 0xFFFF, uptimeSeconds & 0xFFFF_FFFFL,
                firmware, 0, new GeneralInfo.BuildDate(0, 0, 0, 0), "", 0, new GeneralInfo.Version(0, 0, 0));
    }

    /**
     * A configuration space word: what a Set left, else on an InfiniScale III a port's PortXmitWait where vendstat
     * reads it (the unit numbering its two reads use), else 0.
     */
    private static long read(FabricNode node, Device d, long address) {
        Long written = d.configSpace.get(address);
        if (written != null) {
            return written;
        }
        int unit = ConfigSpaceAccess.is3XmitWaitUnit(address);
        if ((node.node.deviceId() & 0xFFFF) != GeneralInfo.INFINISCALE_III || unit == 0) {
            return 0;
        }
        int port = ConfigSpaceAccess.is3XmitWaitPort(unit);
        return port <= node.node.portCount() ? node.ports[port].counters.get(PortCounter.XMIT_WAIT) : 0;
    }

    private static boolean selectable(long selections, int select) {
        return select < 64 && (selections >>> select & 1) != 0;
    }

    private static byte[] unsupported(Arrival request) {
        return FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
    }
}
