package consumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HelloTest {
    @Test
    void theReadmeExampleRunsOnTheInstalledArtifacts() {
        String line = Hello.run();
        assertTrue(line.startsWith("lid 1 is NodeInfo["), line);
    }
}
