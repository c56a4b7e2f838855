package consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The READMEs show exactly the code this project compiles and runs: each README:begin/end region of a
 * source here must appear in the README, so neither can change without the other.
 */
class ReadmesTest {
    private static final Pattern REGION = Pattern.compile("// README:begin\\n(.*?)\\n\\s*// README:end", Pattern.DOTALL);

    @Test
    void theUseItExampleIsTheRootReadmes() throws IOException {
        assertShown(Path.of("src/main/java/consumer/Hello.java"), Path.of("../README.md"));
    }

    @Test
    void theStepVerifierRecipeIsTheTestKitReadmes() throws IOException {
        assertShown(Path.of("src/test/java/consumer/NoticesRecipeTest.java"), Path.of("../reactive-umad-test/README.md"));
    }

    private static void assertShown(Path source, Path readme) throws IOException {
        Matcher m = REGION.matcher(Files.readString(source));
        assertTrue(m.find(), "no README region in " + source);
        String shown = Files.readString(readme).replaceAll("(?m)^\\s+", "");
        String code = m.group(1).replaceAll("(?m)^\\s+", "");
        assertTrue(shown.contains(code), readme + " does not show the code of " + source + ":\n" + code);
    }
}
