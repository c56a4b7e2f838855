package io.reactiveumad.examples;

import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * smpquery portinfo's text: libibmad's PortInfo fields with its value names (widths, speeds, states, MTUs, VLs,
 * the capability bits one a line under the mask), the M_Key never shown.
 */
final class PortInfoText {
    /** CapabilityMask's bits from bit 1, as libibmad names them (bit 13 has none). */
    private static final String[] CAPABILITIES = {"IsSM", "IsNoticeSupported", "IsTrapSupported",
        "IsOptionalIPDSupported", "IsAutomaticMigrationSupported", "IsSLMappingSupported", "IsMKeyNVRAM", "IsPKeyNVRAM",
        "IsLedInfoSupported", "IsSMdisabled", "IsSystemImageGUIDsupported", "IsPkeySwitchExternalPortTrapSupported", null,
        "IsExtendedSpeedsSupported", "IsCapabilityMask2Supported", "IsCommunicatonManagementSupported",
        "IsSNMPTunnelingSupported", "IsReinitSupported", "IsDeviceManagementSupported", "IsVendorClassSupported",
        "IsDRNoticeSupported", "IsCapabilityMaskNoticeSupported", "IsBootManagementSupported",
        "IsLinkRoundTripLatencySupported", "IsClientRegistrationSupported", "IsOtherLocalChangesNoticeSupported",
        "IsLinkSpeedWidthPairsTableSupported", "IsVendorSpecificMadsTableSupported", "IsMcastPkeyTrapSuppressionSupported",
        "IsMulticastFDBTopSupported", "IsHierarchyInfoSupported"};
    /** CapabilityMask2's bits from bit 0. */
    private static final String[] CAPABILITIES2 = {"IsSetNodeDescriptionSupported", "IsPortInfoExtendedSupported",
        "IsVirtualizationSupported", "IsSwitchPortStateTableSupported", "IsLinkWidth2xSupported",
        "IsLinkSpeedHDRSupported", "IsMKeyProtectBitsExtSupported", "IsEnhancedTrap128Supported",
        "IsPartitionTopSupported", "IsEnhancedQoSArbiterSupported", "IsLinkSpeedNDRSupported"};

    private PortInfoText() {
    }

    /** The text for port {@code port} of the node smpquery names {@code node}. */
    static String of(String node, int port, PortInfo p) {
        StringBuilder out = new StringBuilder("# Port info: ").append(node).append(" port ").append(port).append('\n');
        fields(out, p, "");
        return out.toString();
    }

    /**
     * The field lines, each started with {@code indent} (saquery's PortInfoRecord dump indents them two tabs; the
     * capability bits under a mask keep their own four).
     */
    static void fields(StringBuilder into, PortInfo p, String indent) {
        StringBuilder out = new StringBuilder();
        FieldLines.line(out, "Mkey", "<not displayed>");
        FieldLines.hex(out, "GidPrefix", p.gidPrefix(), 16);
        FieldLines.line(out, "Lid", p.lid());
        FieldLines.line(out, "SMLid", p.masterSmLid());
        FieldLines.line(out, "CapMask", mask(p.capabilityMask(), 1, CAPABILITIES));
        FieldLines.hex(out, "DiagCode", p.diagCode(), 4);
        FieldLines.line(out, "MkeyLeasePeriod", p.mKeyLeasePeriod());
        FieldLines.line(out, "LocalPort", p.localPortNum());
        FieldLines.line(out, "LinkWidthEnabled", widths(p.linkWidthEnabled()));
        FieldLines.line(out, "LinkWidthSupported", widthsSupported(p.linkWidthSupported()));
        FieldLines.line(out, "LinkWidthActive", width(p.linkWidthActive()));
        FieldLines.line(out, "LinkSpeedSupported", speeds(p.linkSpeedSupported()));
        FieldLines.line(out, "LinkState", state(p.portState()));
        FieldLines.line(out, "PhysLinkState", physicalState(p.portPhysicalState()));
        FieldLines.line(out, "LinkDownDefState", downDefault(p.linkDownDefaultState()));
        FieldLines.line(out, "ProtectBits", p.mKeyProtectBits());
        FieldLines.line(out, "LMC", p.lmc());
        FieldLines.line(out, "LinkSpeedActive", speed(p.linkSpeedActive()));
        FieldLines.line(out, "LinkSpeedEnabled", speeds(p.linkSpeedEnabled()));
        FieldLines.line(out, "NeighborMTU", mtu(p.neighborMtu()));
        FieldLines.line(out, "SMSL", p.masterSmSl());
        FieldLines.line(out, "VLCap", vls(p.vlCap(), "?(" + p.vlCap() + ")"));
        FieldLines.hex(out, "InitType", p.initType(), 2);
        FieldLines.line(out, "VLHighLimit", p.vlHighLimit());
        FieldLines.line(out, "VLArbHighCap", p.vlArbitrationHighCap());
        FieldLines.line(out, "VLArbLowCap", p.vlArbitrationLowCap());
        FieldLines.hex(out, "InitReply", p.initTypeReply(), 2);
        FieldLines.line(out, "MtuCap", mtu(p.mtuCap()));
        FieldLines.line(out, "VLStallCount", p.vlStallCount());
        FieldLines.line(out, "HoqLife", p.hoqLife());
        FieldLines.line(out, "OperVLs", p.operationalVls() == 0 ? "No change" : vls(p.operationalVls(),
                "?(" + p.operationalVls() + ")"));
        FieldLines.line(out, "PartEnforceInb", p.partitionEnforcementInbound() ? 1 : 0);
        FieldLines.line(out, "PartEnforceOutb", p.partitionEnforcementOutbound() ? 1 : 0);
        FieldLines.line(out, "FilterRawInb", p.filterRawInbound() ? 1 : 0);
        FieldLines.line(out, "FilterRawOutb", p.filterRawOutbound() ? 1 : 0);
        FieldLines.line(out, "MkeyViolations", p.mKeyViolations());
        FieldLines.line(out, "PkeyViolations", p.pKeyViolations());
        FieldLines.line(out, "QkeyViolations", p.qKeyViolations());
        FieldLines.line(out, "GuidCap", p.guidCap());
        FieldLines.line(out, "ClientReregister", p.clientReregister() ? 1 : 0);
        FieldLines.line(out, "McastPkeyTrapSuppressionEnabled", p.multicastPKeyTrapSuppressionEnabled());
        FieldLines.line(out, "SubnetTimeout", p.subnetTimeout());
        FieldLines.line(out, "RespTimeVal", p.respTimeValue());
        FieldLines.line(out, "LocalPhysErr", p.localPhyErrors());
        FieldLines.line(out, "OverrunErr", p.overrunErrors());
        FieldLines.line(out, "MaxCreditHint", p.maxCreditHint());
        FieldLines.line(out, "RoundTrip", p.linkRoundTripLatency());
        FieldLines.line(out, "CapabilityMask2", mask(p.capabilityMask2(), 0, CAPABILITIES2));
        FieldLines.line(out, "LinkSpeedExtActive", extendedSpeed(p.linkSpeedExtActive()));
        FieldLines.line(out, "LinkSpeedExtSupported", extendedSpeeds(p.linkSpeedExtSupported()));
        FieldLines.line(out, "LinkSpeedExtEnabled", p.linkSpeedExtEnabled() == 30 ? "Extended link speeds disabled"
                : extendedSpeeds(p.linkSpeedExtEnabled()));
        out.toString().lines().forEach(line -> into.append(line.startsWith("\t") ? "" : indent).append(line).append('\n'));
    }

    /** The mask in hex, then each named bit set, on a line of its own after four tabs. */
    private static String mask(long mask, int firstBit, String[] names) {
        StringBuilder text = new StringBuilder("0x").append(Long.toHexString(mask));
        for (int i = 0; i < names.length; i++) {
            if (names[i] != null && (mask & 1L << (firstBit + i)) != 0) {
                text.append("\n\t\t\t\t").append(names[i]);
            }
        }
        return text.toString();
    }

    private static String width(int width) {
        return switch (width) {
            case 1 -> "1X";
            case 2 -> "4X";
            case 4 -> "8X";
            case 8 -> "12X";
            case 16 -> "2X";
            default -> "undefined (" + width + ")";
        };
    }

    private static String widths(int mask) {
        List<String> names = new ArrayList<>();
        for (int bit : new int[] {1, 2, 4, 8, 16}) {
            if ((mask & bit) != 0) {
                names.add(width(bit));
            }
        }
        String text = String.join(" or ", names);
        return mask == 0 || mask >> 5 != 0 ? (text.isEmpty() ? "" : text + " or ") + "undefined (" + mask + ")" : text;
    }

    /** As {@link #widths}, marking a set the base specification does not list an IBA extension. */
    private static String widthsSupported(int mask) {
        String text = widths(mask);
        boolean base = switch (mask) {
            case 1, 3, 7, 11, 15, 17, 19, 23, 27, 31 -> true;
            default -> false;
        };
        return base || mask >> 5 != 0 ? text : text + " (IBA extension)";
    }

    private static String speed(int speed) {
        return switch (speed) {
            case 0 -> "Extended speed";
            case 1 -> "2.5 Gbps";
            case 2 -> "5.0 Gbps";
            case 4 -> "10.0 Gbps";
            default -> "undefined (" + speed + ")";
        };
    }

    /** A speed mask; a set the base specification does not list is an IBA extension, unless it is undefined. */
    private static String speeds(int mask) {
        List<String> names = new ArrayList<>();
        for (int bit : new int[] {1, 2, 4}) {
            if ((mask & bit) != 0) {
                names.add(speed(bit));
            }
        }
        String text = String.join(" or ", names);
        if (mask == 0 || mask >> 3 != 0) {
            text = (text.isEmpty() ? "" : text + " or ") + "undefined (" + mask + ")";
        }
        boolean base = mask == 1 || mask == 3 || mask == 5 || mask == 7;
        return base || mask >> 3 != 0 ? text : text + " (IBA extension)";
    }

    private static String extendedSpeed(int speed) {
        return switch (speed) {
            case 0 -> "No Extended Speed";
            case 1 -> "14.0625 Gbps";
            case 2 -> "25.78125 Gbps";
            case 4 -> "53.125 Gbps";
            case 8 -> "106.25 Gbps";
            default -> "undefined (" + speed + ")";
        };
    }

    private static String extendedSpeeds(int mask) {
        if (mask == 0) {
            return "0";
        }
        List<String> names = new ArrayList<>();
        for (int bit : new int[] {1, 2, 4, 8}) {
            if ((mask & bit) != 0) {
                names.add(extendedSpeed(bit));
            }
        }
        String text = String.join(" or ", names);
        return mask >> 4 != 0 ? (text.isEmpty() ? "" : text + " or ") + "undefined (" + mask + ")" : text;
    }

    private static String state(int state) {
        return switch (state) {
            case 0 -> "NoChange";
            case 1 -> "Down";
            case 2 -> "Initialize";
            case 3 -> "Armed";
            case 4 -> "Active";
            default -> "?(" + state + ")";
        };
    }

    private static String physicalState(int state) {
        return switch (state) {
            case 0 -> "NoChange";
            case 1 -> "Sleep";
            case 2 -> "Polling";
            case 3 -> "Disabled";
            case 4 -> "PortConfigurationTraining";
            case 5 -> "LinkUp";
            case 6 -> "LinkErrorRecovery";
            case 7 -> "PhyTest";
            default -> "?(" + state + ")";
        };
    }

    private static String downDefault(int state) {
        return switch (state) {
            case 0 -> "NoChange";
            case 1 -> "Sleep";
            case 2 -> "Polling";
            default -> "?(" + state + ")";
        };
    }

    private static String mtu(int mtu) {
        return mtu >= 1 && mtu <= 5 ? Integer.toString(128 << mtu) : "?(" + mtu + ")";
    }

    /** VLCap's and OperationalVLs' codes: VL0, VL0-1, VL0-3, VL0-7, VL0-14. */
    private static String vls(int code, String otherwise) {
        return switch (code) {
            case 1 -> "VL0";
            case 2 -> "VL0-1";
            case 3 -> "VL0-3";
            case 4 -> "VL0-7";
            case 5 -> "VL0-14";
            default -> otherwise;
        };
    }
}
