package io.reactiveumad.examples;

import io.reactiveumad.mad.attr.PortInfo;

/**
 * smpquery portinfo's text: libibmad's PortInfo fields with its value names (widths, speeds, states, MTUs, VLs,
 * the capability bits one a line under the mask), the M_Key "not displayed" unless asked for (smpquery -K).
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
    static String of(String node, int port, PortInfo p, boolean showKeys) {
        StringBuilder out = new StringBuilder("# Port info: ").append(node).append(" port ").append(port).append('\n');
        fields(out, p, "", showKeys);
        return out.toString();
    }

    /**
     * The field lines, each started with {@code indent} (saquery's PortInfoRecord dump indents them two tabs; the
     * capability bits under a mask keep their own four).
     */
    static void fields(StringBuilder into, PortInfo p, String indent, boolean showKeys) {
        StringBuilder out = new StringBuilder();
        FieldLines.line(out, "Mkey", mKey(p, showKeys));
        FieldLines.hex(out, "GidPrefix", p.gidPrefix(), 16);
        FieldLines.line(out, "Lid", p.lid());
        FieldLines.line(out, "SMLid", p.masterSmLid());
        FieldLines.line(out, "CapMask", mask(p.capabilityMask(), 1, CAPABILITIES));
        FieldLines.hex(out, "DiagCode", p.diagCode(), 4);
        FieldLines.line(out, "MkeyLeasePeriod", p.mKeyLeasePeriod());
        FieldLines.line(out, "LocalPort", p.localPortNum());
        FieldLines.line(out, "LinkWidthEnabled", PortNames.widths(p.linkWidthEnabled()));
        FieldLines.line(out, "LinkWidthSupported", PortNames.widthsSupported(p.linkWidthSupported()));
        FieldLines.line(out, "LinkWidthActive", PortNames.width(p.linkWidthActive()));
        FieldLines.line(out, "LinkSpeedSupported", PortNames.speeds(p.linkSpeedSupported()));
        FieldLines.line(out, "LinkState", PortInfo.stateName(p.portState()));
        FieldLines.line(out, "PhysLinkState", PortNames.physicalState(p.portPhysicalState()));
        FieldLines.line(out, "LinkDownDefState", PortNames.downDefault(p.linkDownDefaultState()));
        FieldLines.line(out, "ProtectBits", p.mKeyProtectBits());
        FieldLines.line(out, "LMC", p.lmc());
        FieldLines.line(out, "LinkSpeedActive", PortNames.speed(p.linkSpeedActive()));
        FieldLines.line(out, "LinkSpeedEnabled", PortNames.speeds(p.linkSpeedEnabled()));
        FieldLines.line(out, "NeighborMTU", PortNames.mtu(p.neighborMtu()));
        FieldLines.line(out, "SMSL", p.masterSmSl());
        FieldLines.line(out, "VLCap", PortNames.vls(p.vlCap(), "?(" + p.vlCap() + ")"));
        FieldLines.hex(out, "InitType", p.initType(), 2);
        FieldLines.line(out, "VLHighLimit", p.vlHighLimit());
        FieldLines.line(out, "VLArbHighCap", p.vlArbitrationHighCap());
        FieldLines.line(out, "VLArbLowCap", p.vlArbitrationLowCap());
        FieldLines.hex(out, "InitReply", p.initTypeReply(), 2);
        FieldLines.line(out, "MtuCap", PortNames.mtu(p.mtuCap()));
        FieldLines.line(out, "VLStallCount", p.vlStallCount());
        FieldLines.line(out, "HoqLife", p.hoqLife());
        FieldLines.line(out, "OperVLs", p.operationalVls() == 0 ? "No change" : PortNames.vls(p.operationalVls(),
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
        FieldLines.line(out, "LinkSpeedExtActive", PortNames.extendedSpeed(p.linkSpeedExtActive()));
        FieldLines.line(out, "LinkSpeedExtSupported", PortNames.extendedSpeeds(p.linkSpeedExtSupported()));
        FieldLines.line(out, "LinkSpeedExtEnabled", PortNames.extendedSpeedsEnabled(p.linkSpeedExtEnabled()));
        out.toString().lines().forEach(line -> into.append(line.startsWith("\t") ? "" : indent).append(line).append('\n'));
    }

    /** The M_Key as libibmad prints it with -K, else what the diag tools print in its place. */
    static String mKey(PortInfo p, boolean showKeys) {
        return showKeys ? String.format("0x%016x", p.mKey()) : "<not displayed>";
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
}
