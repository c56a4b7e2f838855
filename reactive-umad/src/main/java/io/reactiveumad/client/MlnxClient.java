package io.reactiveumad.client;

import io.reactiveumad.MadPort;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Method;
import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.mlnx.ConfigSpaceAccess;
import io.reactiveumad.mad.mlnx.CounterGroupConfig;
import io.reactiveumad.mad.mlnx.CounterGroupInfo;
import io.reactiveumad.mad.mlnx.GeneralInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import reactor.core.publisher.Mono;

/**
 * Mellanox's vendor class (0x0A, class version 1, on QP1), as vendstat asks it: a device's GeneralInfo (its hardware,
 * firmware and software versions: what an operator reads fabric-wide before a firmware update), its configuration
 * space, and an InfiniScale IV port's counter groups. Devices of other vendors do not answer the class (their agents
 * answer status 0x000C, or nothing).
 *
 * <p>Addressing: QP1 of the target LID, Q_Key 0x80010000, the default partition, SL 0 unless {@link #withSl}. The agent
 * is registered on first use; dispose to release it.
 */
public final class MlnxClient extends Qp1Client<MlnxClient> {
    public static final int CLASS_VERSION = 1;

    public static final AttributeType<ClassPortInfo> CLASS_PORT_INFO =
            new AttributeType<>(ClassPortInfo.ATTRIBUTE_ID, "ClassPortInfo", ClassPortInfo.SIZE, ClassPortInfo::decode);
    public static final AttributeType<GeneralInfo> GENERAL_INFO =
            new AttributeType<>(GeneralInfo.ATTRIBUTE_ID, "GeneralInfo", GeneralInfo.SIZE, GeneralInfo::decode);
    public static final AttributeType<ConfigSpaceAccess> CONFIG_SPACE_ACCESS = new AttributeType<>(
            ConfigSpaceAccess.ATTRIBUTE_ID, "ConfigSpaceAccess", ConfigSpaceAccess.SIZE, ConfigSpaceAccess::decode);
    public static final AttributeType<CounterGroupInfo> COUNTER_GROUP_INFO = new AttributeType<>(
            CounterGroupInfo.ATTRIBUTE_ID, "CounterGroupInfo", CounterGroupInfo.SIZE, CounterGroupInfo::decode);
    public static final AttributeType<CounterGroupConfig> CONFIG_COUNTER_GROUP = new AttributeType<>(
            CounterGroupConfig.ATTRIBUTE_ID, "ConfigCounterGroup", CounterGroupConfig.SIZE, CounterGroupConfig::decode);

    /** vendstat -w's first access reads PortXmitWait units 1-16, its second 17-24. */
    private static final int IS3_FIRST_ACCESS_UNITS = 16;


    private MlnxClient(Qp1Requests requests) {
        super(requests);
    }

    public static MlnxClient of(MadPort port) {
        return new MlnxClient(Qp1Requests.of(port, MgmtClass.MLNX_VENDOR, CLASS_VERSION));
    }

    @Override
    MlnxClient with(Qp1Requests other) {
        return new MlnxClient(other);
    }

    /** The class's ClassPortInfo, which every agent of the class answers (vendstat asks it first). */
    public Mono<ClassPortInfo> classPortInfo(int lid) {
        return get(lid, CLASS_PORT_INFO, 0, null);
    }

    /** The device's hardware, firmware and software versions (vendstat -N). */
    public Mono<GeneralInfo> generalInfo(int lid) {
        return get(lid, GENERAL_INFO, 0, null);
    }

    /**
     * Reads up to 18 words of the configuration space (vendstat -R): each record names an address and a mask; emits
     * the device's records, their data filled in.
     */
    public Mono<List<ConfigSpaceAccess.Entry>> readConfigSpace(int lid, List<ConfigSpaceAccess.Entry> records) {
        ConfigSpaceAccess asked = new ConfigSpaceAccess(records);
        return get(lid, CONFIG_SPACE_ACCESS, ConfigSpaceAccess.modifier(asked.records().size()), asked)
                .map(answer -> answer.first(asked.records().size()).records());
    }

    /** Writes up to 18 words of the configuration space, the bits each mask names (vendstat -W); emits the answer's records. */
    public Mono<List<ConfigSpaceAccess.Entry>> writeConfigSpace(int lid, List<ConfigSpaceAccess.Entry> records) {
        ConfigSpaceAccess asked = new ConfigSpaceAccess(records);
        return request(lid, Method.SET, CONFIG_SPACE_ACCESS, ConfigSpaceAccess.modifier(asked.records().size()), asked)
                .map(answer -> answer.first(asked.records().size()).records());
    }

    /**
     * One of an InfiniScale III's PortXmitWait words.
     *
     * @param unit  the word's unit in the configuration space (1-24)
     * @param port  the port vendstat names it for ({@link ConfigSpaceAccess#is3XmitWaitPort}: port 4 has two words,
     *              port 20 none)
     * @param count the counter
     */
    public record XmitWait(int unit, int port, long count) {
    }

    /**
     * An InfiniScale III's PortXmitWait counters (vendstat -w): its 24 words, read from its configuration space in
     * vendstat's two accesses (units 1-16, then 17-24), in that order.
     */
    public Mono<List<XmitWait>> portXmitWait(int lid) {
        List<ConfigSpaceAccess.Entry> first = new ArrayList<>();
        List<ConfigSpaceAccess.Entry> second = new ArrayList<>();
        for (int unit = 1; unit <= ConfigSpaceAccess.IS3_XMIT_WAIT_UNITS; unit++) {
            (unit <= IS3_FIRST_ACCESS_UNITS ? first : second)
                    .add(ConfigSpaceAccess.Entry.read(ConfigSpaceAccess.is3XmitWaitAddress(unit)));
        }
        return readConfigSpace(lid, first).zipWith(Mono.defer(() -> readConfigSpace(lid, second)), (a, b) -> {
            List<XmitWait> waits = new ArrayList<>(ConfigSpaceAccess.IS3_XMIT_WAIT_UNITS);
            int unit = 1;
            for (List<ConfigSpaceAccess.Entry> read : List.of(a, b)) {
                for (ConfigSpaceAccess.Entry word : read) {
                    waits.add(new XmitWait(unit, ConfigSpaceAccess.is3XmitWaitPort(unit), word.data()));
                    unit++;
                }
            }
            return List.copyOf(waits);
        });
    }

    /** How many counter groups port {@code portNumber} has and what each can count (vendstat -i). */
    public Mono<CounterGroupInfo> counterGroupInfo(int lid, int portNumber) {
        return get(lid, COUNTER_GROUP_INFO, portModifier(portNumber), null);
    }

    /** What port {@code portNumber}'s two counter groups count. */
    public Mono<CounterGroupConfig> counterGroupConfig(int lid, int portNumber) {
        return get(lid, CONFIG_COUNTER_GROUP, portModifier(portNumber), null);
    }

    /** Sets what port {@code portNumber}'s two counter groups count (vendstat -c); emits the device's answer. */
    public Mono<CounterGroupConfig> setCounterGroupConfig(int lid, int portNumber, CounterGroupConfig value) {
        Objects.requireNonNull(value, "value");
        return request(lid, Method.SET, CONFIG_COUNTER_GROUP, portModifier(portNumber), value);
    }

    /** A Get of any attribute of the class, with {@code modifier} as its attribute modifier. */
    public <T> Mono<T> get(int lid, AttributeType<T> type, long modifier) {
        return get(lid, type, modifier, null);
    }

    private <T> Mono<T> get(int lid, AttributeType<T> type, long modifier, MadAttribute body) {
        return request(lid, Method.GET, type, modifier, body);
    }

    private <T> Mono<T> request(int lid, int method, AttributeType<T> type, long modifier, MadAttribute body) {
        return requests.request(lid, method, type.attributeId(), modifier, body, b -> { })
                .map(r -> Mads.decode(type, r.mad()));
    }

    private static int portModifier(int portNumber) {
        if (portNumber < 0 || portNumber > 254) {
            throw new IllegalArgumentException("a port number is 0..254: " + portNumber);
        }
        return portNumber;
    }
}
