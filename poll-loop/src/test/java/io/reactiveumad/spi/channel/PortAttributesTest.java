package io.reactiveumad.spi.channel;

import static org.assertj.core.api.Assertions.assertThat;

import io.reactiveumad.mad.attr.PortInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rate a port's PortInfo gives, worded as the kernel's sysfs {@code rate} file (drivers/infiniband/core/sysfs.c). */
class PortAttributesTest {
    private static final long EXTENDED = PortInfo.CAP_IS_EXTENDED_SPEEDS_SUPPORTED;

    @ParameterizedTest(name = "width {0}, speed {1}, extended {2} (capability {3}): {4}")
    @CsvSource(delimiter = '|', value = {
            "1  | 1 | 0 | 0        | 2.5 Gb/sec (1X SDR)",
            "2  | 1 | 0 | 0        | 10 Gb/sec (4X SDR)",
            "2  | 2 | 0 | 0        | 20 Gb/sec (4X DDR)",
            "2  | 4 | 0 | 0        | 40 Gb/sec (4X QDR)",
            "8  | 2 | 0 | 0        | 60 Gb/sec (12X DDR)",
            "4  | 4 | 0 | 0        | 80 Gb/sec (8X QDR)",
            "1  | 2 | 0 | 0        | 5 Gb/sec (1X DDR)",
            "2  | 4 | 1 | EXTENDED | 56 Gb/sec (4X FDR)",
            "1  | 4 | 1 | EXTENDED | 14 Gb/sec (1X FDR)",
            "2  | 4 | 2 | EXTENDED | 100 Gb/sec (4X EDR)",
            "16 | 4 | 4 | EXTENDED | 100 Gb/sec (2X HDR)",
            "2  | 4 | 8 | EXTENDED | 400 Gb/sec (4X NDR)",
            "2  | 4 | 2 | 0        | 40 Gb/sec (4X QDR)",
            "2  | 4 | 0 | EXTENDED | 40 Gb/sec (4X QDR)",
            "0  | 1 | 0 | 0        | 0 Gb/sec (0X SDR)",
    })
    void theRateIsTheKernels(int width, int speed, int extended, String capability, String rate) {
        PortInfo info = PortInfo.builder().linkWidthActive(width).linkSpeedActive(speed).linkSpeedExtActive(extended)
                .capabilityMask(capability.equals("EXTENDED") ? EXTENDED : 0).build();

        assertThat(PortAttributes.rate(info)).isEqualTo(rate);
    }
}
