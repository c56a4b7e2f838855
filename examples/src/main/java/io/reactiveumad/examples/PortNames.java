package io.reactiveumad.examples;

import io.reactiveumad.mad.attr.PortInfo;
import java.util.ArrayList;
import java.util.List;

/** PortInfo's enumerations named as libibmad prints them (iblinkinfo, smpquery). */
final class PortNames {
    private PortNames() {
    }

    static String width(int width) {
        return switch (width) {
            case 1 -> "1X";
            case 2 -> "4X";
            case 4 -> "8X";
            case 8 -> "12X";
            case 16 -> "2X";
            default -> "undefined (" + width + ")";
        };
    }

    static String speed(int speed) {
        return switch (speed) {
            case 0 -> "Extended speed";
            case 1 -> "2.5 Gbps";
            case 2 -> "5.0 Gbps";
            case 4 -> "10.0 Gbps";
            default -> "undefined (" + speed + ")";
        };
    }

    static String extendedSpeed(int speed) {
        return switch (speed) {
            case 0 -> "No Extended Speed";
            case 1 -> "14.0625 Gbps";
            case 2 -> "25.78125 Gbps";
            case 4 -> "53.125 Gbps";
            case 8 -> "106.25 Gbps";
            default -> "undefined (" + speed + ")";
        };
    }

    /** The width as ibnetdiscover's ports report prints it (libibmad's "compat" names). */
    static String widthCompat(int width) {
        return switch (width) {
            case 1 -> "1x";
            case 2 -> "4x";
            case 4 -> "8x";
            case 8 -> "12x";
            case 16 -> "2x";
            default -> "??";
        };
    }

    /**
     * The speed as ibnetdiscover prints it in its ports report and its link comments: the extended one's name when
     * there is one, else FDR10 where MlnxExtPortInfo says so of a link at QDR.
     */
    static String speedCompat(int speed, int extendedSpeed, boolean fdr10) {
        return switch (extendedSpeed) {
            case 0 -> fdr10 && speed == PortInfo.LINK_SPEED_QDR ? "FDR10" : switch (speed) {
                case 1 -> "SDR";
                case 2 -> "DDR";
                case 4 -> "QDR";
                default -> "???";
            };
            case 1 -> "FDR";
            case 2 -> "EDR";
            case 4 -> "HDR";
            case 8 -> "NDR";
            default -> "???";
        };
    }

    static String physicalState(int state) {
        return switch (state) {
            case 0 -> "NoChange";
            case PortInfo.PHYS_SLEEP -> "Sleep";
            case PortInfo.PHYS_POLLING -> "Polling";
            case PortInfo.PHYS_DISABLED -> "Disabled";
            case PortInfo.PHYS_PORT_CONFIGURATION_TRAINING -> "PortConfigurationTraining";
            case PortInfo.PHYS_LINK_UP -> "LinkUp";
            case PortInfo.PHYS_LINK_ERROR_RECOVERY -> "LinkErrorRecovery";
            case 7 -> "PhyTest";
            default -> "?(" + state + ")";
        };
    }

    static String widths(int mask) {
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
    static String widthsSupported(int mask) {
        String text = widths(mask);
        boolean base = switch (mask) {
            case 1, 3, 7, 11, 15, 17, 19, 23, 27, 31 -> true;
            default -> false;
        };
        return base || mask >> 5 != 0 ? text : text + " (IBA extension)";
    }

    /** A speed mask; a set the base specification does not list is an IBA extension, unless it is undefined. */
    static String speeds(int mask) {
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

    static String extendedSpeeds(int mask) {
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

    /** LinkSpeedExtEnabled: the speeds, or 30's own meaning. */
    static String extendedSpeedsEnabled(int mask) {
        return mask == 30 ? "Extended link speeds disabled" : extendedSpeeds(mask);
    }

    static String downDefault(int state) {
        return switch (state) {
            case 0 -> "NoChange";
            case 1 -> "Sleep";
            case 2 -> "Polling";
            default -> "?(" + state + ")";
        };
    }

    static String mtu(int mtu) {
        return mtu >= 1 && mtu <= 5 ? Integer.toString(128 << mtu) : "?(" + mtu + ")";
    }

    /** VLCap's and OperationalVLs' codes: VL0, VL0-1, VL0-3, VL0-7, VL0-14. */
    static String vls(int code, String otherwise) {
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
