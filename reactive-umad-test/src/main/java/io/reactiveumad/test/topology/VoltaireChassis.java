package io.reactiveumad.test.topology;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The Voltaire directors libibnetdisc finds in a fabric, by its rules (chassis.c): Voltaire never shares a
 * SystemImageGUID across a chassis, so each board is placed by its device ID and by which port of which board it
 * is cabled to. A spine board takes its slot from the port of the first line board it meets, a line board from the
 * spine port its first internal port reaches; each chassis is then built around a spine not yet in one, by taking
 * the boards cabled to it, theirs, and so on, each in the slot its index gives; its GUID is its first spine's less
 * one. A line board's ports past its internal ones are the chassis' external ports, numbered by Voltaire's port
 * maps. libibnetdisc does this in every scan, so iblinkinfo prints those numbers without any option, and
 * ibnetdiscover -g lays the chassis out.
 *
 * <p>Nodes are taken in the topology's order, which for a discovered fabric is libibnetdisc's (last found first):
 * the chassis are numbered in that order, before any chassis grouped by its GUID ({@link ChassisRules}).
 */
public final class VoltaireChassis {
    /** A chassis type, as ibnetdiscover -g names it before a board's slot. */
    public enum Type { ISR9288, ISR9096, ISR2012, ISR2004, ISR4700, ISR4200 }

    /** What a slot holds: a line board, a spine (fabric) board, or a router's. */
    public enum Slot {
        LINE("Line"), SPINE("Spine"), SRBD("SRBD");

        private final String text;

        Slot(String text) {
            this.text = text;
        }
    }

    /**
     * Where a board is: its chassis type (null when libibnetdisc could not tell), its slot kind (null likewise), its
     * slot number and its chip (Anafa) on the board; 0 where not known.
     */
    public record Placement(Type type, Slot slot, int slotNumber, int chip) {
        /** As ibnetdiscover -g writes it after a Voltaire board's GUID: {@code ISR9288 Line 3 Chip 2}. */
        public String text() {
            return (type == null ? "" : type + " ") + slotText();
        }

        /** The slot alone, {@code Line 3 Chip 2}; empty when not known. */
        public String slotText() {
            return slot == null ? "" : slot.text + " " + slotNumber + " Chip " + chip;
        }
    }

    /** One chassis: its number, its GUID, and its boards by spine index (1..18) and line index (1..36). */
    public record Chassis(int number, long guid, SortedMap<Integer, Node> spines, SortedMap<Integer, Node> lines) {
        public List<Node> boards() {
            List<Node> all = new ArrayList<>(spines.values());
            all.addAll(lines.values());
            return all;
        }
    }

    private final Map<String, Placement> placements;
    private final Map<String, int[]> externalPorts;
    private final List<Chassis> chassis;
    private final Map<String, Chassis> chassisOf;
    private final Optional<String> failure;

    private VoltaireChassis(Map<String, Placement> placements, Map<String, int[]> externalPorts, List<Chassis> chassis,
                            Optional<String> failure) {
        this.placements = placements;
        this.externalPorts = externalPorts;
        this.chassis = failure.isPresent() ? List.of() : chassis;
        this.chassisOf = new HashMap<>();
        this.chassis.forEach(c -> c.boards().forEach(n -> chassisOf.put(n.id(), c)));
        this.failure = failure;
    }

    /** libibnetdisc's Voltaire chassis in {@code topology}: none when it has no Voltaire board. */
    public static VoltaireChassis of(Topology topology) {
        return new Builder(topology).build();
    }

    /** A Voltaire spine, line board or router: a node libibnetdisc places in a chassis by these rules. */
    public static boolean isBoard(int vendorId, int deviceId) {
        return vendorId == ChassisRules.VOLTAIRE && Board.of(deviceId) != Board.OTHER;
    }

    /** Whether libibnetdisc placed nothing here: the topology holds no Voltaire switch. */
    public boolean isEmpty() {
        return placements.isEmpty();
    }

    /**
     * The chassis, numbered from 1 in libibnetdisc's order; none when the grouping failed ({@link #failure}).
     */
    public List<Chassis> chassis() {
        return chassis;
    }

    /** The chassis the node is in, if any: of two that took it, the later (it is in the slots of both). */
    public Optional<Chassis> chassisOf(Node node) {
        return Optional.ofNullable(chassisOf.get(node.id()));
    }

    /**
     * What ibnetdiscover -g writes after the GUID of a node in one of these chassis: its chassis type (of a Voltaire
     * node) and slot (of a Voltaire or Mellanox node; an adapter in a router's slot is either), {@code ISR9288 Line 3
     * Chip 2}; nothing for a node in none.
     */
    public String boardText(Node node) {
        Placement p = placements.get(node.id());
        if (p == null || !chassisOf.containsKey(node.id())) {
            return "";
        }
        return node.vendorId() == ChassisRules.VOLTAIRE ? p.text()
                : node.vendorId() == ChassisRules.MELLANOX ? p.slotText() : "";
    }

    /** Where the node is placed, if libibnetdisc placed it (in a chassis or not). */
    public Optional<Placement> placement(Node node) {
        return Optional.ofNullable(placements.get(node.id()));
    }

    /** The chassis' external port number of a line board's port, 0 when it has none. */
    public int externalPort(Node node, int port) {
        int[] ports = externalPorts.get(node.id());
        return ports == null || port < 1 || port >= ports.length ? 0 : ports[port];
    }

    /**
     * Why libibnetdisc's grouping fails on this fabric, when it does (a board whose slot gives no index): the tools
     * then fail the whole discovery.
     */
    public Optional<String> failure() {
        return failure;
    }

    /** The Voltaire boards by device ID (chassis.h). */
    private enum Board {
        SPINE_9096(Type.ISR9096), SPINE_9288(Type.ISR9288), SPINE_2004(Type.ISR2004), SPINE_2012(Type.ISR2012),
        SPINE_4700(Type.ISR4700), SPINE_4700X2(Type.ISR4700), SPINE_4200(Type.ISR4200),
        LINE_24(null), LINE_8(null), LINE_2024(null), LINE_4700(null), ROUTER(null), OTHER(null);

        final Type type;

        Board(Type type) {
            this.type = type;
        }

        static Board of(Node node) {
            return of(node.deviceId());
        }

        static Board of(int deviceId) {
            return switch (deviceId & 0xFFFF) {
                case 0x5a0b, 0x5a33 -> SPINE_9096;
                case 0x5a08, 0x5a32 -> SPINE_9288;
                case 0x5a40 -> SPINE_2004;
                case 0x5a37 -> SPINE_2012;
                case 0x5a5c -> SPINE_4700;
                case 0x5a5d -> SPINE_4700X2;
                case 0x5a60 -> SPINE_4200;
                case 0x5a09, 0x5a34, 0x5a42 -> LINE_24;
                case 0x5a0d -> LINE_8;
                case 0x5a38 -> LINE_2024;
                case 0x5a5b -> LINE_4700;
                case 0x5a00, 0x5a01 -> ROUTER;
                default -> OTHER;
            };
        }

        boolean isSpine() {
            return type != null;
        }

        boolean isLine() {
            return this == LINE_24 || this == LINE_8 || this == LINE_2024 || this == LINE_4700;
        }

        /** A line board's ports cabled inside the chassis: 1-18 on a 36-port 4700 board, else 1-12. */
        boolean internal(int port) {
            return port <= (this == LINE_4700 ? 18 : 12);
        }

        /** A spine's ports inside the chassis: the double-density 4700 board's 19-36 are external. */
        boolean spineInternal(int port) {
            return this != SPINE_4700X2 || port <= 18;
        }

        /**
         * The slot and chip of a line board cabled to this spine's {@code spinePort}: each spine port reaches one
         * line chip, spread over the slots as the chassis is wired.
         */
        int[] lineSlotAt(int spinePort) {
            int p = spinePort;
            return switch (this) {
                case SPINE_9096, SPINE_2004 -> p <= 24 ? new int[] {(p - 1) / 6 + 1, (p - 1) / 3 % 2 + 1} : NONE;
                case SPINE_9288, SPINE_2012 -> p <= 24 ? new int[] {(p + 1) / 2, (p - 1) % 2 + 1} : NONE;
                case SPINE_4700 -> p <= 36 ? new int[] {(p + 1) / 2, 1} : NONE;
                case SPINE_4700X2 -> p <= 18 ? new int[] {p, 1} : NONE;
                case SPINE_4200 -> p <= 36 ? new int[] {(p - 1) / 4 + 1, 1} : NONE;
                default -> NONE;
            };
        }

        /** This spine's own slot and chip, from the port of the line board it is cabled to. */
        int[] spineSlotAt(int linePort) {
            int p = linePort;
            return switch (this) {
                case SPINE_9096, SPINE_2004 -> p <= 12 ? new int[] {(p - 1) / 3 + 1, 1} : NONE;
                case SPINE_9288, SPINE_2012 -> p <= 12 ? new int[] {(p - 1) / 3 + 1, (p - 1) % 3 + 1} : NONE;
                case SPINE_4700 -> p <= 18 ? new int[] {(p + 1) / 2, 1} : NONE;
                case SPINE_4700X2 -> p <= 18 ? new int[] {(p + 1) / 2, p % 2 == 1 ? 2 : 1} : NONE;
                case SPINE_4200 -> p <= 18 ? new int[] {SFB4200_SLOTS[p], 1} : NONE;
                default -> NONE;
            };
        }

        /**
         * The slot and chip of a router cabled to this spine's {@code spinePort}; on the 12-slot spines the chip is
         * guessed from the spine's GUID, as Voltaire's own tools did.
         */
        int[] routerSlotAt(int spinePort, long spineGuid) {
            int p = spinePort;
            return switch (this) {
                case SPINE_9096, SPINE_2004 -> p <= 24 ? new int[] {(p - 1) / 6 + 1, 3 - (p - 1) % 3} : NONE;
                case SPINE_9288, SPINE_2012 -> {
                    int guess = (int) Long.remainderUnsigned(spineGuid, 4);
                    yield new int[] {p <= 24 ? (p + 1) / 2 : 0, guess == 3 ? 1 : guess == 1 ? 3 : 2};
                }
                default -> null; // libibnetdisc: an unexpected spine; the router keeps no type or slot number
            };
        }

        /** The spine's index in its chassis. */
        int spineIndex(int slot, int chip) {
            return switch (this) {
                case SPINE_9288, SPINE_2012 -> 3 * (slot - 1) + chip;
                case SPINE_4700, SPINE_4700X2 -> 2 * (slot - 1) + chip;
                default -> slot;
            };
        }
    }

    private static final int[] NONE = {0, 0};
    /** The sFB-4200's slot by line port: four ports a slot, but 5 and 6 reach none. */
    private static final int[] SFB4200_SLOTS = {0, 1, 1, 1, 1, 0, 0, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4};
    /**
     * Voltaire's port maps, internal port 13..24 of chip 1 to the chassis' external port (chip 2: six more): the
     * sLB-24 in triples, the sLB-8 three internal ports to one external.
     */
    private static final int[] SLB24_EXTERNAL = {6, 5, 4, 18, 17, 16, 1, 2, 3, 13, 14, 15};
    private static final int[] SLB8_EXTERNAL = {2, 2, 2, 6, 6, 6, 1, 1, 1, 5, 5, 5};

    /** The external port of {@code port} of a placed board on chip {@code chip}, 0 where none. */
    private static int external(Board board, int chip, int port) {
        if (chip < 1 || chip > 2) {
            return 0;
        }
        return switch (board) {
            case LINE_24 -> port >= 13 && port <= 24 ? SLB24_EXTERNAL[port - 13] + 6 * (chip - 1) : 0;
            case LINE_8 -> port >= 13 && port <= 24 ? SLB8_EXTERNAL[port - 13] + 2 * (chip - 1) : 0;
            case LINE_2024 -> port >= 13 && port <= 24 ? port - 12 * (chip - 1) : 0;
            case LINE_4700 -> port >= 19 && port <= 36 ? port - 18 : 0;
            case SPINE_4700X2 -> port >= 19 && port <= 36 ? (port - 19) / 3 + 1 + 6 * (2 - chip) : 0;
            default -> 0;
        };
    }

    /** The passes of libibnetdisc's grouping, over one topology. */
    private static final class Builder {
        private final Topology topology;
        private final List<Node> switches;
        /** Every node placed (libibnetdisc's "found"), whatever it learnt of it. */
        private final Map<String, MutablePlacement> found = new HashMap<>();
        private final Map<String, int[]> externalPorts = new HashMap<>();
        private final Map<String, MutableChassis> inChassis = new HashMap<>();
        private String failure;

        Builder(Topology topology) {
            this.topology = topology;
            this.switches = topology.nodes(NodeType.SWITCH);
        }

        VoltaireChassis build() {
            for (Node node : switches) {
                if (node.vendorId() == ChassisRules.VOLTAIRE && !found.containsKey(node.id())) {
                    place(node);
                }
            }
            List<MutableChassis> built = new ArrayList<>();
            for (Node node : switches) {
                if (failure != null) {
                    break;
                }
                if (node.vendorId() != ChassisRules.VOLTAIRE || !found.containsKey(node.id())
                        || inChassis.containsKey(node.id()) || !Board.of(node).isSpine()) {
                    continue;
                }
                MutableChassis chassis = new MutableChassis(built.size() + 1);
                built.add(chassis);
                buildAround(node, chassis);
            }
            Map<String, Placement> placements = new HashMap<>();
            found.forEach((id, p) -> placements.put(id, p.toPlacement()));
            List<Chassis> chassis = new ArrayList<>();
            for (MutableChassis c : built) {
                long guid = c.spines.isEmpty() ? 0 : c.spines.get(c.spines.firstKey()).nodeGuid() - 1;
                chassis.add(new Chassis(c.number, guid, Collections.unmodifiableSortedMap(c.spines),
                        Collections.unmodifiableSortedMap(c.lines)));
            }
            return new VoltaireChassis(Map.copyOf(placements), Map.copyOf(externalPorts), List.copyOf(chassis),
                    Optional.ofNullable(failure));
        }

        private Optional<Link.End> remote(Node node, int port) {
            return topology.remote(node.id(), port);
        }

        private Node node(Link.End end) {
            return topology.requireNode(end.node());
        }

        /** Places a Voltaire switch (and the routers on a spine) and numbers a line board's external ports. */
        private void place(Node node) {
            MutablePlacement placement = found.computeIfAbsent(node.id(), id -> new MutablePlacement());
            Board board = Board.of(node);
            if (board == Board.ROUTER) {
                for (int p = 1; p <= node.portCount(); p++) {
                    Optional<Link.End> peer = remote(node, p);
                    if (peer.isPresent() && Board.of(node(peer.get())).isSpine()) {
                        placeRouter(node, node(peer.get()), peer.get().port());
                    }
                }
            } else if (board.isSpine()) {
                for (int p = 1; p <= node.portCount(); p++) {
                    Optional<Link.End> peer = remote(node, p);
                    if (peer.isEmpty() || !board.spineInternal(p)) {
                        continue;
                    }
                    Node other = node(peer.get());
                    if (!other.isSwitch()) {
                        if (!found.containsKey(other.id())) {
                            placeRouter(other, node, p);
                        }
                        continue;
                    }
                    if (placement.type == null) { // the first switch it meets is taken for a line board
                        int[] slot = board.spineSlotAt(peer.get().port());
                        placement.set(board.type, Slot.SPINE, slot);
                    }
                }
            } else if (board.isLine()) {
                for (int p = 1; p <= node.portCount(); p++) {
                    Optional<Link.End> peer = remote(node, p);
                    if (peer.isEmpty() || !board.internal(p)) {
                        continue;
                    }
                    Board spine = Board.of(node(peer.get()));
                    placement.slot = Slot.LINE;
                    if (spine.isSpine()) { // else libibnetdisc says it met an unexpected node, and knows no more
                        placement.set(spine.type, Slot.LINE, spine.lineSlotAt(peer.get().port()));
                    }
                    break;
                }
            }
            if (board.isLine() || board == Board.SPINE_4700X2) {
                int[] ports = new int[node.portCount() + 1];
                for (int p = 1; p <= node.portCount(); p++) {
                    ports[p] = external(board, placement.chip, p);
                }
                externalPorts.put(node.id(), ports);
            }
        }

        private void placeRouter(Node router, Node spine, int spinePort) {
            MutablePlacement placement = found.computeIfAbsent(router.id(), id -> new MutablePlacement());
            Board board = Board.of(spine);
            placement.slot = Slot.SRBD;
            int[] slot = board.routerSlotAt(spinePort, spine.nodeGuid());
            if (slot != null) {
                placement.set(board.type, Slot.SRBD, slot);
            }
        }

        /** A chassis around {@code spine}: its neighbours, theirs, twice over, each in the slot its index gives. */
        private void buildAround(Node spine, MutableChassis chassis) {
            if (!insertSpine(spine, chassis)) {
                return;
            }
            catchLines(spine, chassis, false);
            for (int pass = 0; pass < 2 && failure == null; pass++) {
                linesCatchSpines(chassis);
                spinesCatchLines(chassis);
            }
        }

        private void linesCatchSpines(MutableChassis chassis) {
            for (Node line : List.copyOf(chassis.lines.values())) {
                Board board = Board.of(line);
                if (!board.isLine()) {
                    continue; // a router's slot
                }
                for (int p = 1; p <= line.portCount() && failure == null; p++) {
                    Optional<Link.End> peer = remote(line, p);
                    if (peer.isPresent() && board.internal(p) && found.containsKey(peer.get().node())) {
                        insertSpine(node(peer.get()), chassis);
                    }
                }
            }
        }

        private void spinesCatchLines(MutableChassis chassis) {
            for (Node spine : List.copyOf(chassis.spines.values())) {
                catchLines(spine, chassis, true);
            }
        }

        /** Puts the placed boards on {@code spine}'s internal ports in their line slots ({@code strict}: {@link #insertLine}). */
        private void catchLines(Node spine, MutableChassis chassis, boolean strict) {
            Board board = Board.of(spine);
            for (int p = 1; p <= spine.portCount() && failure == null; p++) {
                Optional<Link.End> peer = remote(spine, p);
                if (peer.isPresent() && board.spineInternal(p) && found.containsKey(peer.get().node())) {
                    insertLine(node(peer.get()), chassis, strict);
                }
            }
        }

        private boolean insertSpine(Node node, MutableChassis chassis) {
            MutablePlacement placement = found.get(node.id());
            int index = Board.of(node).spineIndex(placement.slotNumber, placement.chip);
            if (index < 1 || index > ChassisRules.SPINE_SLOTS) {
                fail(node, "spine", index);
                return false;
            }
            if (chassis.spines.putIfAbsent(index, node) == null) {
                inChassis.put(node.id(), chassis);
            }
            return true;
        }

        /** {@code strict}: a board without a line index fails the grouping (libibnetdisc ignores it on its first pass). */
        private void insertLine(Node node, MutableChassis chassis, boolean strict) {
            MutablePlacement placement = found.get(node.id());
            int index = Board.of(node) == Board.LINE_4700 ? placement.slotNumber
                    : 3 * (placement.slotNumber - 1) + placement.chip;
            if (index < 1 || index > ChassisRules.LINE_SLOTS) {
                if (strict) {
                    fail(node, "line", index);
                }
                return;
            }
            if (chassis.lines.putIfAbsent(index, node) == null) {
                inChassis.put(node.id(), chassis);
            }
        }

        private void fail(Node node, String kind, int index) {
            if (failure == null) {
                failure = String.format("\"%s\" (0x%016x, device 0x%04x) is cabled into a Voltaire chassis as a %s "
                        + "board, but its cabling gives it no %s slot (index %d): libibnetdisc's chassis grouping fails "
                        + "there, and the tools with it", node.description(), node.nodeGuid(), node.deviceId(), kind, kind,
                        index);
            }
        }
    }

    private static final class MutablePlacement {
        Type type;
        Slot slot;
        int slotNumber;
        int chip;

        void set(Type type, Slot slot, int[] slotAndChip) {
            this.type = type;
            this.slot = slot;
            this.slotNumber = slotAndChip[0];
            this.chip = slotAndChip[1];
        }

        Placement toPlacement() {
            return new Placement(type, slot, slotNumber, chip);
        }
    }

    private static final class MutableChassis {
        final int number;
        final SortedMap<Integer, Node> spines = new TreeMap<>();
        final SortedMap<Integer, Node> lines = new TreeMap<>();

        MutableChassis(int number) {
            this.number = number;
        }
    }
}
