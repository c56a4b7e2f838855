package io.reactiveumad.client;

import io.reactiveumad.MadPort;
import io.reactiveumad.ReceivedMad;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
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
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * Congestion control (class 0x21, class version 2, on QP1): the congestion control agent's attributes, as
 * ibccquery reads them and ibccconfig sets them.
 *
 * <p>Every request carries a CC_Key ({@link #withCcKey}, 0 by default, as the tools send without {@code -c}): an agent
 * whose CongestionKeyInfo holds another key drops the Sets, and with its protect bit the Gets too, which then time
 * out. The CC_Key is a secret: it is never logged and not in {@code toString}.
 *
 * <p>Blocks: SwitchPortCongestionSetting holds {@value SwitchPortCongestionSetting#PORTS_PER_BLOCK} ports and
 * CongestionControlTable {@value CongestionControlTable#ENTRIES_PER_BLOCK} entries per attribute modifier; the
 * methods take the block. Addressing: QP1 of the target LID, Q_Key 0x80010000, the default partition, SL 0 unless
 * {@link #withSl}. The agent is registered on first use; dispose to release it.
 */
public final class CcClient extends Qp1Client<CcClient> {
    public static final int CLASS_VERSION = 2;

    public static final AttributeType<ClassPortInfo> CLASS_PORT_INFO =
            new AttributeType<>(ClassPortInfo.ATTRIBUTE_ID, "ClassPortInfo", ClassPortInfo.SIZE, ClassPortInfo::decode);
    public static final AttributeType<CongestionInfo> CONGESTION_INFO = new AttributeType<>(
            CongestionInfo.ATTRIBUTE_ID, "CongestionInfo", CongestionInfo.SIZE, CongestionInfo::decode);
    public static final AttributeType<CongestionKeyInfo> CONGESTION_KEY_INFO = new AttributeType<>(
            CongestionKeyInfo.ATTRIBUTE_ID, "CongestionKeyInfo", CongestionKeyInfo.SIZE, CongestionKeyInfo::decode);
    public static final AttributeType<SwitchCongestionSetting> SWITCH_CONGESTION_SETTING = new AttributeType<>(
            SwitchCongestionSetting.ATTRIBUTE_ID, "SwitchCongestionSetting", SwitchCongestionSetting.SIZE,
            SwitchCongestionSetting::decode);
    public static final AttributeType<SwitchPortCongestionSetting> SWITCH_PORT_CONGESTION_SETTING =
            new AttributeType<>(SwitchPortCongestionSetting.ATTRIBUTE_ID, "SwitchPortCongestionSetting",
                    SwitchPortCongestionSetting.SIZE, SwitchPortCongestionSetting::decode);
    public static final AttributeType<CaCongestionSetting> CA_CONGESTION_SETTING = new AttributeType<>(
            CaCongestionSetting.ATTRIBUTE_ID, "CACongestionSetting", CaCongestionSetting.SIZE,
            CaCongestionSetting::decode);
    public static final AttributeType<CongestionControlTable> CONGESTION_CONTROL_TABLE = new AttributeType<>(
            CongestionControlTable.ATTRIBUTE_ID, "CongestionControlTable", CongestionControlTable.SIZE,
            CongestionControlTable::decode);
    public static final AttributeType<Timestamp> TIMESTAMP =
            new AttributeType<>(Timestamp.ATTRIBUTE_ID, "Timestamp", Timestamp.SIZE, Timestamp::decode);
    /** Read at byte {@value CongestionLog#DATA_OFFSET} of the MAD, not at the class's data offset. */
    public static final AttributeType<CongestionLog> CONGESTION_LOG =
            new AttributeType<>(CongestionLog.ATTRIBUTE_ID, "CongestionLog", CongestionLog.SIZE, CongestionLog::decode);

    /** SwitchPortCongestionSetting's blocks: 256 ports, 32 a block. */
    public static final int PORT_BLOCKS = 256 / SwitchPortCongestionSetting.PORTS_PER_BLOCK;
    /** CongestionControlTable's blocks: CCTI_Limit's 14 bits index up to 16384 entries, 64 a block. */
    public static final int TABLE_BLOCKS = (1 << 14) / CongestionControlTable.ENTRIES_PER_BLOCK;

    private final long ccKey;

    private CcClient(Qp1Requests requests, long ccKey) {
        super(requests);
        this.ccKey = ccKey;
    }

    public static CcClient of(MadPort port) {
        return new CcClient(Qp1Requests.of(port, MgmtClass.CC, CLASS_VERSION), 0);
    }

    @Override
    CcClient with(Qp1Requests other) {
        return new CcClient(other, ccKey);
    }

    /** A view sharing this client's agent whose requests carry {@code key} as their CC_Key. */
    public CcClient withCcKey(long key) {
        return new CcClient(requests, key);
    }

    /** The agent's ClassPortInfo (the CC class's own: its capabilities, redirection, trap destination). */
    public Mono<ClassPortInfo> classPortInfo(int lid) {
        return get(lid, CLASS_PORT_INFO, 0);
    }

    public Mono<CongestionInfo> congestionInfo(int lid) {
        return get(lid, CONGESTION_INFO, 0);
    }

    public Mono<CongestionKeyInfo> congestionKeyInfo(int lid) {
        return get(lid, CONGESTION_KEY_INFO, 0);
    }

    /** Sets the CC_Key and its protection; requests then need the new key ({@link #withCcKey}). */
    public Mono<CongestionKeyInfo> setCongestionKeyInfo(int lid, CongestionKeyInfo value) {
        return set(lid, CONGESTION_KEY_INFO, 0, value);
    }

    /** The agent's congestion events, a switch's or a CA's (reading the log clears it at the agent). */
    public Mono<CongestionLog> congestionLog(int lid) {
        return get(lid, CONGESTION_LOG, 0);
    }

    public Mono<SwitchCongestionSetting> switchCongestionSetting(int lid) {
        return get(lid, SWITCH_CONGESTION_SETTING, 0);
    }

    /** Sets the fields {@code value}'s Control_Map names; emits the settings the switch then has. */
    public Mono<SwitchCongestionSetting> setSwitchCongestionSetting(int lid, SwitchCongestionSetting value) {
        return set(lid, SWITCH_CONGESTION_SETTING, 0, value);
    }

    /** The settings of ports {@code 32 * block} to {@code 32 * block + 31}. */
    public Mono<SwitchPortCongestionSetting> switchPortCongestionSetting(int lid, int block) {
        return get(lid, SWITCH_PORT_CONGESTION_SETTING, block(block, PORT_BLOCKS));
    }

    public Mono<SwitchPortCongestionSetting> setSwitchPortCongestionSetting(int lid, int block,
                                                                         SwitchPortCongestionSetting value) {
        return set(lid, SWITCH_PORT_CONGESTION_SETTING, block(block, PORT_BLOCKS), value);
    }

    public Mono<CaCongestionSetting> caCongestionSetting(int lid) {
        return get(lid, CA_CONGESTION_SETTING, 0);
    }

    /** Sets the SLs {@code value}'s Control_Map names, and Port_Control; emits the settings the CA then has. */
    public Mono<CaCongestionSetting> setCaCongestionSetting(int lid, CaCongestionSetting value) {
        return set(lid, CA_CONGESTION_SETTING, 0, value);
    }

    /** Entries {@code 64 * block} to {@code 64 * block + 63} of the CA's table, and its CCTI_Limit. */
    public Mono<CongestionControlTable> congestionControlTable(int lid, int block) {
        return get(lid, CONGESTION_CONTROL_TABLE, block(block, TABLE_BLOCKS));
    }

    public Mono<CongestionControlTable> setCongestionControlTable(int lid, int block, CongestionControlTable value) {
        return set(lid, CONGESTION_CONTROL_TABLE, block(block, TABLE_BLOCKS), value);
    }

    public Mono<Timestamp> timestamp(int lid) {
        return get(lid, TIMESTAMP, 0);
    }

    /** A CC Get of any attribute, with {@code modifier} as its attribute modifier. */
    public <T> Mono<T> get(int lid, AttributeType<T> type, long modifier) {
        return request(lid, Method.GET, type.attributeId(), modifier, null).map(r -> decode(type, r));
    }

    /** A CC Set of any attribute; emits the value the agent answers with. */
    public <T extends MadAttribute> Mono<T> set(int lid, AttributeType<T> type, long modifier, T value) {
        Objects.requireNonNull(value, "value");
        if (type.attributeId() == CongestionLog.ATTRIBUTE_ID) {
            throw new IllegalArgumentException("CongestionLog is read only");
        }
        return request(lid, Method.SET, type.attributeId(), modifier, value).map(r -> decode(type, r));
    }

    private static <T> T decode(AttributeType<T> type, ReceivedMad response) {
        if (type.attributeId() != CongestionLog.ATTRIBUTE_ID) {
            return Mads.decode(type, response.mad());
        }
        Mads.checkAttribute(type, response.mad());
        return type.decoder().decode(response.mad().buffer(), CongestionLog.DATA_OFFSET);
    }

    /** One of {@code count} blocks. */
    private static int block(int block, int count) {
        if (block < 0 || block >= count) {
            throw new IllegalArgumentException("block must be 0.." + (count - 1) + ": " + block);
        }
        return block;
    }

    private Mono<ReceivedMad> request(int lid, int method, int attributeId, long modifier, MadAttribute body) {
        long key = ccKey;
        return requests.request(lid, method, attributeId, modifier, body,
                b -> Wire.putU64(b, CongestionLog.CC_KEY_OFFSET, key));
    }
}
