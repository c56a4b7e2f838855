package io.reactiveumad.test;

import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.Octets;
import io.reactiveumad.mad.Wire;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.cc.CaCongestionSetting;
import io.reactiveumad.mad.cc.CongestionControlTable;
import io.reactiveumad.mad.cc.CongestionInfo;
import io.reactiveumad.mad.cc.CongestionKeyInfo;
import io.reactiveumad.mad.cc.CongestionLog;
import io.reactiveumad.mad.cc.SwitchCongestionSetting;
import io.reactiveumad.mad.cc.SwitchPortCongestionSetting;
import io.reactiveumad.mad.cc.Timestamp;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The congestion control agent every node runs (class 0x21, IBA annex A10): its settings as a Set leaves them, a
 * switch's or a CA's attributes by the node's type, a CC_Key that guards them, and an empty CongestionLog (nothing
 * congests an embedded link). Runs on the fabric executor only, so its state is plain maps.
 */
final class CongestionControlAgent implements LocalService {
    /** Blocks of CongestionControlTable a CA has (CongestionInfo's ControlTableCap): 128 entries. */
    static final int CONTROL_TABLE_BLOCKS = 2;
    /** SwitchCongestionSetting's Control_Map bits: which fields a Set applies. */
    private static final int VICTIM_MASK = 1;
    private static final int CREDIT_MASK = 1 << 1;
    private static final int THRESHOLD_AND_PACKET_SIZE = 1 << 2;
    private static final int CS_THRESHOLD_AND_RETURN_DELAY = 1 << 3;
    private static final int MARKING_RATE = 1 << 4;
    /** No capabilities. */
    private static final ClassPortInfo CLASS_PORT_INFO = ClassPortInfo.of(2, 0, 0, RESP_TIME_VALUE);

    private final FabricEngine engine;
    private final Map<FabricNode, Settings> settings = new HashMap<>();

    /** One node's: what its Sets left. */
    private static final class Settings {
        CongestionKeyInfo key = new CongestionKeyInfo(0, false, 0, 0);
        SwitchCongestionSetting switchSetting = SwitchCongestionSetting.none();
        final Map<Integer, SwitchPortCongestionSetting> portBlocks = new HashMap<>();
        CaCongestionSetting caSetting = CaCongestionSetting.none();
        int cctiLimit;
        final Map<Integer, List<CongestionControlTable.Entry>> tableBlocks = new HashMap<>();
    }

    CongestionControlAgent(FabricEngine engine) {
        this.engine = engine;
    }

    @Override
    public boolean serves(FabricNode node, int port, int mgmtClass, int method) {
        return mgmtClass == MgmtClass.CC && (method == Method.GET || method == Method.SET);
    }

    @Override
    public void onRequest(Arrival request) {
        ByteBuffer in = ByteBuffer.wrap(request.mad());
        int attribute = request.attributeId();
        long modifier = request.attributeModifier();
        boolean set = request.isSet();
        FabricNode node = request.node();
        Settings s = settings.computeIfAbsent(node, n -> new Settings());
        if (!keyAccepted(s, Wire.u64(in, CongestionLog.CC_KEY_OFFSET), set)) {
            return;
        }
        int data = MgmtClass.DEVICE_DATA_OFFSET;
        boolean sw = node.isSwitch();
        byte[] response = switch (attribute) {
            case ClassPortInfo.ATTRIBUTE_ID -> set ? unsupported(request) : FabricEngine.answer(request, CLASS_PORT_INFO);
            case CongestionInfo.ATTRIBUTE_ID -> set ? unsupported(request)
                    : FabricEngine.answer(request, new CongestionInfo(0, sw ? 0 : CONTROL_TABLE_BLOCKS));
            case CongestionKeyInfo.ATTRIBUTE_ID -> {
                if (set) {
                    CongestionKeyInfo asked = CongestionKeyInfo.decode(in, data);
                    // A Set of any violation count but 0 leaves the count alone (IBA A10.4.3.2).
                    s.key = new CongestionKeyInfo(asked.ccKey(), asked.protect(), asked.leasePeriod(),
                            asked.violations() == 0 ? 0 : s.key.violations());
                }
                yield FabricEngine.answer(request, s.key);
            }
            case CongestionLog.ATTRIBUTE_ID -> set ? unsupported(request) : log(request, sw);
            case SwitchCongestionSetting.ATTRIBUTE_ID -> {
                if (!sw) {
                    yield unsupported(request);
                }
                if (set) {
                    s.switchSetting = applied(s.switchSetting, SwitchCongestionSetting.decode(in, data));
                }
                yield FabricEngine.answer(request, s.switchSetting);
            }
            case SwitchPortCongestionSetting.ATTRIBUTE_ID -> {
                if (!sw) {
                    yield unsupported(request);
                }
                if (modifier > SwitchPortCongestionSetting.block(node.node.portCount())) {
                    yield FabricEngine.status(request, Sma.INVALID_VALUE);
                }
                if (set) {
                    s.portBlocks.put((int) modifier, SwitchPortCongestionSetting.decode(in, data));
                }
                yield FabricEngine.answer(request, s.portBlocks.getOrDefault((int) modifier, SwitchPortCongestionSetting.none()));
            }
            case CaCongestionSetting.ATTRIBUTE_ID -> {
                if (sw) {
                    yield unsupported(request);
                }
                if (set) {
                    s.caSetting = applied(s.caSetting, CaCongestionSetting.decode(in, data));
                }
                yield FabricEngine.answer(request, s.caSetting);
            }
            case CongestionControlTable.ATTRIBUTE_ID -> {
                if (sw) {
                    yield unsupported(request);
                }
                if (modifier >= CONTROL_TABLE_BLOCKS) {
                    yield FabricEngine.status(request, Sma.INVALID_VALUE);
                }
                if (set) {
                    CongestionControlTable asked = CongestionControlTable.decode(in, data);
                    s.cctiLimit = asked.cctiLimit();
                    s.tableBlocks.put((int) modifier, asked.entries());
                }
                yield FabricEngine.answer(request, new CongestionControlTable(s.cctiLimit, s.tableBlocks.getOrDefault((int) modifier,
                        Collections.nCopies(CongestionControlTable.ENTRIES_PER_BLOCK,
                                CongestionControlTable.Entry.NONE))));
            }
            case Timestamp.ATTRIBUTE_ID -> set ? unsupported(request) : FabricEngine.answer(request, timestamp());
            default -> unsupported(request);
        };
        engine.reply(request, response);
    }

    /**
     * The CC_Key check (IBA A10.4.1): with a key set, a Set must carry it, and a Get too when protected; a request
     * that fails it is dropped unanswered and counted in CC_KeyViolations.
     */
    private static boolean keyAccepted(Settings s, long key, boolean set) {
        CongestionKeyInfo k = s.key;
        if (k.ccKey() == 0 || key == k.ccKey() || !set && !k.protect()) {
            return true;
        }
        s.key = new CongestionKeyInfo(k.ccKey(), k.protect(), k.leasePeriod(), Math.min(0xFFFF, k.violations() + 1));
        return false;
    }

    /** The fields of {@code asked} its Control_Map names, over {@code was}. */
    private static SwitchCongestionSetting applied(SwitchCongestionSetting was, SwitchCongestionSetting asked) {
        long map = asked.controlMap();
        boolean thresholds = (map & THRESHOLD_AND_PACKET_SIZE) != 0;
        boolean cs = (map & CS_THRESHOLD_AND_RETURN_DELAY) != 0;
        return new SwitchCongestionSetting(map,
                (map & VICTIM_MASK) != 0 ? asked.victimMask() : was.victimMask(),
                (map & CREDIT_MASK) != 0 ? asked.creditMask() : was.creditMask(),
                thresholds ? asked.threshold() : was.threshold(), thresholds ? asked.packetSize() : was.packetSize(),
                cs ? asked.csThreshold() : was.csThreshold(), cs ? asked.csReturnDelay() : was.csReturnDelay(),
                (map & MARKING_RATE) != 0 ? asked.markingRate() : was.markingRate());
    }

    /** Port_Control, and the entries of the SLs {@code asked}'s Control_Map names, over {@code was}. */
    private static CaCongestionSetting applied(CaCongestionSetting was, CaCongestionSetting asked) {
        List<CaCongestionSetting.Entry> entries = new ArrayList<>(was.entries());
        for (int sl = 0; sl < CaCongestionSetting.SERVICE_LEVELS; sl++) {
            if ((asked.controlMap() >>> sl & 1) != 0) {
                entries.set(sl, asked.entries().get(sl));
            }
        }
        return new CaCongestionSetting(asked.portControl(), asked.controlMap(), entries);
    }

    /** Nothing congests an embedded link: the log of the node's type, without events, stamped now. */
    private byte[] log(Arrival request, boolean sw) {
        long now = timestamp().timestamp();
        CongestionLog log = sw
                ? new CongestionLog.SwitchLog(0, 0, now, Octets.zeros(SwitchCongestionSetting.PORT_MASK_SIZE),
                        Collections.nCopies(CongestionLog.SwitchLog.EVENTS, CongestionLog.SwitchEvent.NONE))
                : new CongestionLog.CaLog(0, 0, 0, now,
                        Collections.nCopies(CongestionLog.CaLog.EVENTS, CongestionLog.CaEvent.NONE));
        byte[] response = FabricEngine.status(request, MadStatus.OK);
        log.encode(ByteBuffer.wrap(response), CongestionLog.DATA_OFFSET);
        return response;
    }

    /** The agent's clock, in 1.024 µs units, from the fabric's (virtual where the fabric's scheduler is). */
    private Timestamp timestamp() {
        return new Timestamp(engine.executor.nanoTime() / 1024 & 0xFFFF_FFFFL);
    }

    private static byte[] unsupported(Arrival request) {
        return FabricEngine.status(request, MadStatus.UNSUPPORTED_METHOD_ATTRIBUTE);
    }

}
