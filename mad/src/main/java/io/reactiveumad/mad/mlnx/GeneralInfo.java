package io.reactiveumad.mad.mlnx;

import io.reactiveumad.mad.AttributeId;
import io.reactiveumad.mad.MadAttribute;
import io.reactiveumad.mad.Wire;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Mellanox's GeneralInfo (vendor class 0x0A, attribute 0x0017): a device's hardware, firmware and software versions,
 * as vendstat -N reads them. Two layouts, told apart by the device ID: InfiniScale III's (one byte per firmware
 * version number) and, for the devices {@link #hasExtendedFirmware} names, a later one that adds the firmware version
 * as three 32-bit numbers before the software version.
 *
 * <pre>
 *  0               1               2               3
 *  | Reserved                                                      |   0-7
 *  | HwRevision                    | DeviceID                      |   8
 *  | Reserved                                                      |  12-35
 *  | Uptime                                                        |  36
 *  | Reserved      | FwMajor       | FwMinor       | FwSubMinor    |  40
 *  | FwBuildID                                                     |  44
 *  | FwMonth       | FwDay         | FwYear                        |  48
 *  | Reserved                      | FwHour                        |  52
 *  | PSID (16 bytes)                                               |  56-71
 *  | IniFileVersion                                                |  72
 *  InfiniScale III:
 *  | Reserved      | SwMajor       | SwMinor       | SwSubMinor    |  76, then 28 reserved
 *  extended:
 *  | ExtFwMajor | ExtFwMinor | ExtFwSubMinor (32 bits each)        |  76-87, then 16 reserved
 *  | Reserved      | SwMajor       | SwMinor       | SwSubMinor    | 104, then 28 reserved
 * </pre>
 *
 * @param hwRevision     the device's revision
 * @param deviceId       the device's ID, which decides the layout
 * @param uptime         the device's uptime counter, as the device keeps it
 * @param firmware       the firmware version: the extended one where the layout has it (the layout's one-byte
 *                       firmware numbers are then not read, and written as zeros)
 * @param firmwareBuildId the firmware's build ID
 * @param firmwareDate   when the firmware was built
 * @param psid           the board's PSID (parameter-set ID), up to 16 bytes
 * @param iniFileVersion the version of the firmware's configuration (INI) file
 * @param software       the software version
 */
public record GeneralInfo(int hwRevision, int deviceId, long uptime, Version firmware, long firmwareBuildId,
                          BuildDate firmwareDate, String psid, long iniFileVersion, Version software)
        implements MadAttribute {
    public static final int ATTRIBUTE_ID = AttributeId.Mlnx.GENERAL_INFO;
    /** The extended layout's length; InfiniScale III's is 108 bytes, zeros after it. */
    public static final int SIZE = 136;
    /** InfiniScale III's device ID, the one device whose configuration space vendstat -w reads. */
    public static final int INFINISCALE_III = 0xb924;
    public static final int PSID_SIZE = 16;

    private static final int HW_REVISION = 8;
    private static final int DEVICE_ID = 10;
    private static final int UPTIME = 36;
    private static final int FW = 41;
    private static final int FW_BUILD_ID = 44;
    private static final int FW_MONTH = 48;
    private static final int FW_DAY = 49;
    private static final int FW_YEAR = 50;
    private static final int FW_HOUR = 54;
    private static final int PSID = 56;
    private static final int INI_FILE_VERSION = 72;
    private static final int EXT_FW = 76;
    private static final int SW = 77;
    private static final int EXT_SW = 105;

    /**
     * Device ID ranges of the extended layout, inclusive, as vendstat lists them: Mellanox's switches from SwitchX
     * on, InfiniScale IV, ConnectX adapters, BlueField, and Bull's versions of them.
     */
    private static final int[][] EXTENDED_FIRMWARE_DEVICES = {
        {0x0245, 0x0245}, {0xc738, 0xc73b}, {0xcb20, 0xcb20}, {0xcf08, 0xcf08}, {0xd2f0, 0xd2f0}, {0x01b3, 0x01b3},
        {0x1003, 0x101b}, {0xa2d2, 0xa2d2}, {0x1b02, 0x1b02}, {0x1b50, 0x1b50}, {0x1ba0, 0x1ba0}, {0x1bd0, 0x1bd5},
        {0x1bf0, 0x1bf0}, {0x1b33, 0x1b33}, {0x1b73, 0x1b73}, {0x1b40, 0x1b41}, {0x1b60, 0x1b61}, {0x1b83, 0x1b83},
        {0x1b93, 0x1b94}, {0x1bb4, 0x1bb5}, {0x1bc4, 0x1bc6},
    };

    /** A version as three numbers, printed as vendstat prints it: {@code 09.04.2000}. */
    public record Version(long major, long minor, long subMinor) {
        @Override
        public String toString() {
            return String.format("%02d.%02d.%02d", major, minor, subMinor);
        }
    }

    /**
     * A build date as the device keeps it: each field binary-coded decimal (March is 0x03, 2014 is 0x2014), so it
     * reads as a date printed in hex: {@code 03/18/2014}.
     */
    public record BuildDate(int month, int day, int year, int hour) {
        @Override
        public String toString() {
            return String.format("%02x/%02x/%04x", month, day, year);
        }
    }

    public GeneralInfo {
        Objects.requireNonNull(firmware, "firmware");
        Objects.requireNonNull(firmwareDate, "firmwareDate");
        Wire.checkText(Objects.requireNonNull(psid, "psid"), PSID_SIZE);
        Objects.requireNonNull(software, "software");
        checkBytes("software", software);
        if (!hasExtendedFirmware(deviceId)) {
            checkBytes("firmware (the one-byte layout of device ID 0x" + Integer.toHexString(deviceId) + ")",
                    firmware);
        }
    }

    /** Whether a device of this ID answers in the extended layout (vendstat's {@code is_ext_fw_info_supported}). */
    public static boolean hasExtendedFirmware(int deviceId) {
        for (int[] range : EXTENDED_FIRMWARE_DEVICES) {
            if (deviceId >= range[0] && deviceId <= range[1]) {
                return true;
            }
        }
        return false;
    }

    public static GeneralInfo decode(ByteBuffer buf, int o) {
        Wire.check("GeneralInfo", buf, o, SIZE);
        int deviceId = Wire.u16(buf, o + DEVICE_ID);
        boolean extended = hasExtendedFirmware(deviceId);
        Version firmware = extended
                ? new Version(Wire.u32(buf, o + EXT_FW), Wire.u32(buf, o + EXT_FW + 4), Wire.u32(buf, o + EXT_FW + 8))
                : bytes(buf, o + FW);
        return new GeneralInfo(Wire.u16(buf, o + HW_REVISION), deviceId, Wire.u32(buf, o + UPTIME), firmware,
                Wire.u32(buf, o + FW_BUILD_ID), new BuildDate(Wire.u8(buf, o + FW_MONTH), Wire.u8(buf, o + FW_DAY),
                        Wire.u16(buf, o + FW_YEAR), Wire.u16(buf, o + FW_HOUR)),
                Wire.text(buf, o + PSID, PSID_SIZE), Wire.u32(buf, o + INI_FILE_VERSION),
                bytes(buf, o + (extended ? EXT_SW : SW)));
    }

    @Override
    public void encode(ByteBuffer buf, int o) {
        Wire.check("GeneralInfo", buf, o, SIZE);
        Wire.zero(buf, o, SIZE);
        Wire.putU16(buf, o + HW_REVISION, hwRevision);
        Wire.putU16(buf, o + DEVICE_ID, deviceId);
        Wire.putU32(buf, o + UPTIME, uptime);
        boolean extended = hasExtendedFirmware(deviceId);
        if (extended) {
            Wire.putU32(buf, o + EXT_FW, firmware.major());
            Wire.putU32(buf, o + EXT_FW + 4, firmware.minor());
            Wire.putU32(buf, o + EXT_FW + 8, firmware.subMinor());
        } else {
            putBytes(buf, o + FW, firmware);
        }
        Wire.putU32(buf, o + FW_BUILD_ID, firmwareBuildId);
        Wire.putU8(buf, o + FW_MONTH, firmwareDate.month());
        Wire.putU8(buf, o + FW_DAY, firmwareDate.day());
        Wire.putU16(buf, o + FW_YEAR, firmwareDate.year());
        Wire.putU16(buf, o + FW_HOUR, firmwareDate.hour());
        Wire.putText(buf, o + PSID, PSID_SIZE, psid);
        Wire.putU32(buf, o + INI_FILE_VERSION, iniFileVersion);
        putBytes(buf, o + (extended ? EXT_SW : SW), software);
    }

    @Override
    public int encodedSize() {
        return SIZE;
    }

    private static Version bytes(ByteBuffer buf, int o) {
        return new Version(Wire.u8(buf, o), Wire.u8(buf, o + 1), Wire.u8(buf, o + 2));
    }

    private static void putBytes(ByteBuffer buf, int o, Version v) {
        Wire.putU8(buf, o, (int) v.major());
        Wire.putU8(buf, o + 1, (int) v.minor());
        Wire.putU8(buf, o + 2, (int) v.subMinor());
    }

    private static void checkBytes(String what, Version v) {
        if (v.major() > 0xFF || v.minor() > 0xFF || v.subMinor() > 0xFF) {
            throw new IllegalArgumentException(what + " has a byte per number: " + v);
        }
    }
}
