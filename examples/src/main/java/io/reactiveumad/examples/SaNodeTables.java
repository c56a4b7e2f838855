package io.reactiveumad.examples;

import static io.reactiveumad.examples.SaCommand.MAX_PORT;
import static io.reactiveumad.examples.SaCommand.MAX_U16;
import static io.reactiveumad.examples.SaCommand.MAX_U8;
import static io.reactiveumad.examples.SaCommand.ofNode;
import static io.reactiveumad.examples.SaCommand.print;

import io.reactiveumad.client.AttributeType;
import io.reactiveumad.client.SaClient;
import io.reactiveumad.examples.cli.CommandInfo;
import io.reactiveumad.examples.cli.Declaration;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.MadStatus;
import io.reactiveumad.mad.MadStatusException;
import io.reactiveumad.mad.SaHeader;
import io.reactiveumad.mad.attr.ClassPortInfo;
import io.reactiveumad.mad.attr.GuidInfo;
import io.reactiveumad.mad.attr.LinearForwardingTable;
import io.reactiveumad.mad.attr.MulticastForwardingTable;
import io.reactiveumad.mad.attr.PKeyTable;
import io.reactiveumad.mad.attr.SlToVlMappingTable;
import io.reactiveumad.mad.attr.SmInfo;
import io.reactiveumad.mad.attr.SwitchInfo;
import io.reactiveumad.mad.attr.VlArbitrationTable;
import io.reactiveumad.mad.sa.GuidInfoRecord;
import io.reactiveumad.mad.sa.LinearForwardingTableRecord;
import io.reactiveumad.mad.sa.MulticastForwardingTableRecord;
import io.reactiveumad.mad.sa.PKeyTableRecord;
import io.reactiveumad.mad.sa.SlToVlMappingTableRecord;
import io.reactiveumad.mad.sa.SmInfoRecord;
import io.reactiveumad.mad.sa.SwitchInfoRecord;
import io.reactiveumad.mad.sa.VlArbitrationTableRecord;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import reactor.core.publisher.Flux;

/**
 * The {@code umad sa} queries of tables the SA keeps per node (forwarding tables, GUIDs, P_Keys, SL to VL and VL
 * arbitration tables, SwitchInfo, SMInfo), each asked for as saquery asks.
 */
final class SaNodeTables {
    private SaNodeTables() {
    }

    /**
     * A table the SA keeps per node, asked for as saquery asks: every record, or with {@code NODE[/N[/N]]} those at
     * the node's LID, each number given a component of the query.
     */
    abstract static class NodeTable<R extends Record> extends SaCommand.Query {
        private final AttributeType<R> type;
        private final String form;
        private final String help;
        private final long lidComponent;
        private final Number[] numbers;
        private SaNodeArgument node;

        /** A number after the node: the record's component it fills, and the largest its field holds. */
        record Number(long component, int max) {
        }

        /**
         * @param form    the argument's name in the help, e.g. {@code NODE[/BLOCK]}
         * @param numbers each number after the node, in order
         */
        NodeTable(CliContext context, AttributeType<R> type, String form, String help, long lidComponent,
                  Number... numbers) {
            super(context);
            this.type = type;
            this.form = form;
            this.help = help;
            this.lidComponent = lidComponent;
            this.numbers = numbers;
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            int[] maxima = Arrays.stream(numbers).mapToInt(Number::max).toArray();
            d.parameter(form).optional().help(help).to(SaNodeArgument.parser(form, maxima), v -> node = v);
        }

        /** The query: the LID, and the numbers given (0 where one was not, its component then left out). */
        abstract MadAttribute template(int lid, int first, int second);

        abstract String dump(R record);

        @Override
        Flux<R> query(SaClient sa) {
            long components = lidComponent;
            for (int i = 0; node != null && i < numbers.length; i++) {
                components |= node.number(i) != null ? numbers[i].component() : 0;
            }
            return ofNode(sa, type, node, components, lid -> template(lid, number(0), number(1)));
        }

        private int number(int i) {
            Integer given = node.number(i);
            return given == null ? 0 : given;
        }

        @Override
        @SuppressWarnings("unchecked") // the records of this query's type
        String text(Record record) {
            return dump((R) record);
        }
    }

    static final class ForwardingTables extends NodeTable<LinearForwardingTableRecord> {
        static final CommandInfo INFO = CommandInfo.of(ForwardingTables.class, "lfts",
                "LinearForwardingTableRecords: the switches' unicast forwarding tables as the SM set them, a block of 64 "
                        + "LIDs each (saquery LFTR).").withAliases("LFTR", "LFTRecord");

        ForwardingTables(CliContext context) {
            super(context, SaClient.LINEAR_FORWARDING_TABLE_RECORD, "NODE[/BLOCK]",
                    "Only the switch with this LID or name, only this block (as saquery LFTR's [lid]/[block]).",
                    LinearForwardingTableRecord.Component.LID,
                    new Number(LinearForwardingTableRecord.Component.BLOCK_NUMBER, MAX_U16));
        }

        @Override
        MadAttribute template(int lid, int block, int unused) {
            return new LinearForwardingTableRecord(lid, block, new LinearForwardingTable(
                    Collections.nCopies(LinearForwardingTable.ENTRIES, 0)));
        }

        @Override
        String dump(LinearForwardingTableRecord record) {
            return SaText.lftRecord(record);
        }
    }

    static final class GuidInfos extends NodeTable<GuidInfoRecord> {
        static final CommandInfo INFO = CommandInfo.of(GuidInfos.class, "guidinfo",
                "GUIDInfoRecords: each port's GUIDs, eight a block (saquery GIR).").withAliases("GIR", "GUIDInfoRecord");

        GuidInfos(CliContext context) {
            super(context, SaClient.GUID_INFO_RECORD, "NODE[/BLOCK]",
                    "Only the port with this LID or named node, only this block (as saquery GIR's [lid]/[block]).",
                    GuidInfoRecord.Component.LID, new Number(GuidInfoRecord.Component.BLOCK_NUMBER, MAX_U8));
        }

        @Override
        MadAttribute template(int lid, int block, int unused) {
            return new GuidInfoRecord(lid, block, new GuidInfo(Collections.nCopies(GuidInfo.ENTRIES, 0L)));
        }

        @Override
        String dump(GuidInfoRecord record) {
            return SaText.guidInfoRecord(record);
        }
    }

    static final class PKeyTables extends NodeTable<PKeyTableRecord> {
        static final CommandInfo INFO = CommandInfo.of(PKeyTables.class, "pkeys",
                "P_KeyTableRecords: each port's P_Keys, 32 a block (saquery PKTR). The SA tells them only to a trusted "
                        + "requester: give its SM_Key with --smkey (OpenSM's default is 1).")
                .withAliases("PKTR", "PKeyTableRecord");

        PKeyTables(CliContext context) {
            super(context, SaClient.P_KEY_TABLE_RECORD, "NODE[/PORT[/BLOCK]]",
                    "Only the port with this LID or named node, this switch port, this block (as saquery PKTR's "
                            + "[lid]/[port]/[block]).",
                    PKeyTableRecord.Component.LID, new Number(PKeyTableRecord.Component.PORT, MAX_PORT),
                    new Number(PKeyTableRecord.Component.BLOCK_NUMBER, MAX_U16));
        }

        @Override
        MadAttribute template(int lid, int port, int block) {
            return new PKeyTableRecord(lid, block, port, new PKeyTable(Collections.nCopies(PKeyTable.ENTRIES, 0)));
        }

        /** OpenSM refuses an untrusted requester's PKeyTableRecord query as invalid, which alone does not say why. */
        @Override
        Flux<PKeyTableRecord> query(SaClient sa) {
            return super.query(sa).onErrorMap(e -> !transport.hasSmKey() && e instanceof MadStatusException refused
                            && MadStatus.classSpecific(refused.status()) == SaHeader.STATUS_REQUEST_INVALID,
                    e -> new IllegalStateException(e.getMessage() + "; the SA tells P_KeyTableRecords only to a "
                            + "trusted requester: give its SM_Key with --smkey", e));
        }

        @Override
        String dump(PKeyTableRecord record) {
            return SaText.pKeyTableRecord(record);
        }
    }

    static final class SlToVls extends NodeTable<SlToVlMappingTableRecord> {
        static final CommandInfo INFO = CommandInfo.of(SlToVls.class, "sl2vl",
                "SLtoVLMappingTableRecords: each port's SL to VL table, a switch's for every input and output port "
                        + "(saquery SL2VL).").withAliases("SL2VL", "SL2VLTableRecord");

        SlToVls(CliContext context) {
            super(context, SaClient.SL_TO_VL_MAPPING_TABLE_RECORD, "NODE[/IN[/OUT]]",
                    "Only the port with this LID or named node, from this input port, to this output port (as "
                            + "saquery SL2VL's [lid]/[in_port]/[out_port]).",
                    SlToVlMappingTableRecord.Component.LID,
                    new Number(SlToVlMappingTableRecord.Component.INPUT_PORT, MAX_PORT),
                    new Number(SlToVlMappingTableRecord.Component.OUTPUT_PORT, MAX_PORT));
        }

        @Override
        MadAttribute template(int lid, int in, int out) {
            return new SlToVlMappingTableRecord(lid, in, out, new SlToVlMappingTable(
                    Collections.nCopies(SlToVlMappingTable.SERVICE_LEVELS, 0)));
        }

        @Override
        String dump(SlToVlMappingTableRecord record) {
            return SaText.slToVlRecord(record);
        }
    }

    static final class VlArbitrations extends NodeTable<VlArbitrationTableRecord> {
        static final CommandInfo INFO = CommandInfo.of(VlArbitrations.class, "vlarb",
                "VLArbitrationTableRecords: each port's VL arbitration blocks, 1 and 2 low priority, 3 and 4 high "
                        + "(saquery VLAR).").withAliases("VLAR", "VLArbitrationTableRecord");

        VlArbitrations(CliContext context) {
            super(context, SaClient.VL_ARBITRATION_TABLE_RECORD, "NODE[/PORT[/BLOCK]]",
                    "Only the port with this LID or named node, this output port, this block (as saquery VLAR's "
                            + "[lid]/[port]/[block]).",
                    VlArbitrationTableRecord.Component.LID,
                    new Number(VlArbitrationTableRecord.Component.OUTPUT_PORT, MAX_PORT),
                    new Number(VlArbitrationTableRecord.Component.BLOCK_NUMBER, MAX_U8));
        }

        @Override
        MadAttribute template(int lid, int port, int block) {
            return new VlArbitrationTableRecord(lid, port, block, new VlArbitrationTable(
                    Collections.nCopies(VlArbitrationTable.ENTRIES, new VlArbitrationTable.Entry(0, 0))));
        }

        @Override
        String dump(VlArbitrationTableRecord record) {
            return SaText.vlArbitrationRecord(record);
        }
    }

    static final class MulticastTables extends NodeTable<MulticastForwardingTableRecord> {
        static final CommandInfo INFO = CommandInfo.of(MulticastTables.class, "mfts",
                "MulticastForwardingTableRecords: the switches' multicast forwarding tables as the SM set them, 32 MLIDs "
                        + "by 16 ports a record (saquery MFTR).").withAliases("MFTR", "MFTRecord");

        MulticastTables(CliContext context) {
            super(context, SaClient.MULTICAST_FORWARDING_TABLE_RECORD, "NODE[/POSITION[/BLOCK]]",
                    "Only the switch with this LID or name, these 16 ports (position 0: ports 0 to 15), this block of "
                            + "32 MLIDs (as saquery MFTR's [mlid]/[position]/[block]).",
                    MulticastForwardingTableRecord.Component.LID,
                    new Number(MulticastForwardingTableRecord.Component.POSITION, MulticastForwardingTable.MAX_POSITION),
                    new Number(MulticastForwardingTableRecord.Component.BLOCK_NUMBER, MulticastForwardingTable.MAX_BLOCK));
        }

        @Override
        MadAttribute template(int lid, int position, int block) {
            return new MulticastForwardingTableRecord(lid, position, block, new MulticastForwardingTable(
                    Collections.nCopies(MulticastForwardingTable.ENTRIES, 0)));
        }

        @Override
        String dump(MulticastForwardingTableRecord record) {
            return SaText.mftRecord(record);
        }
    }

    static final class SwitchInfos extends FabricCommand {
        static final CommandInfo INFO = CommandInfo.of(SwitchInfos.class, "switchinfo",
                "SwitchInfoRecords: each switch's SwitchInfo as the SM read it (saquery SWIR).")
                .withAliases("SWIR", "SwitchInfoRecord");

        private boolean json;
        private SaNodeArgument node;

        SwitchInfos(CliContext context) {
            super(context);
        }

        @Override
        public void declare(Declaration d) {
            super.declare(d);
            transport.declareSmKey(d);
            d.flag("--json").help("Print a JSON array.").to(() -> json = true);
            d.parameter("NODE").optional().help("Only the switch with this LID or name (as saquery SWIR's [lid]).")
                    .to(SaNodeArgument.parser("a LID or a node name"), v -> node = v);
        }

        @Override
        public Integer call() {
            record Answer(ClassPortInfo sa, List<SwitchInfoRecord> records) {
            }
            // The SA's ClassPortInfo says whether the records carry MulticastFDBTop, as saquery asks it first.
            Answer answer = query(transport::sa, sa -> sa.classPortInfo().zipWith(ofNode(sa,
                    SaClient.SWITCH_INFO_RECORD, node, SwitchInfoRecord.Component.LID, lid -> new SwitchInfoRecord(lid,
                            SwitchInfo.decode(ByteBuffer.allocate(SwitchInfo.SIZE), 0))).collectList(), Answer::new),
                    "SA SwitchInfoRecords");
            return print(this, answer.records(), json,
                    r -> SaText.switchInfoRecord((SwitchInfoRecord) r, answer.sa().capabilityMask2()));
        }
    }

    static final class SmInfos extends NodeTable<SmInfoRecord> {
        static final CommandInfo INFO = CommandInfo.of(SmInfos.class, "sminfo",
                "SMInfoRecords: the SMs the SA knows, master and standby (saquery SMIR).").withAliases("SMIR", "SMInfoRecord");

        SmInfos(CliContext context) {
            super(context, SaClient.SM_INFO_RECORD, "NODE",
                    "Only the SM at this LID, or at the named node (as saquery SMIR's [lid]).", SmInfoRecord.Component.LID);
        }

        @Override
        MadAttribute template(int lid, int unused, int alsoUnused) {
            return new SmInfoRecord(lid, new SmInfo(0, 0, 0, 0, 0));
        }

        @Override
        String dump(SmInfoRecord record) {
            return SaText.smInfoRecord(record, showKeys);
        }
    }
}
