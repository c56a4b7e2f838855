package io.reactiveumad.examples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The node lists' echo: each escape as dash 0.5.12's {@code echo "$text"} prints it (the right-hand sides are what
 * {@code dash -c 'echo "$1"' sh TEXT | od -c} showed on Debian 12, written here as Java escapes).
 */
class NodeListCommandTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "plain|plain",
            "a\\\\b|a\\b",
            "back\\bspace|back\bspace",
            "\\a\\e\\f\\n\\r\\t\\v|`\u0007\u001b\f\n\r\t\u000b`",
            "\\101\\0101|AA",
            "\\1234|S4",
            "\\01234|S4",
            "x\\08|`x\u00008`",
            "\\9 \\q \\x41 \\u00e9|\\9 \\q \\x41 \\u00e9",
            "end\\|end\\",
            "`kept\\cdropped\nand this line too`|kept"})
    void echoExpandsWhatDashExpands(String text, String echoed) {
        assertThat(NodeListCommand.echo(text)).isEqualTo(echoed);
    }
}
