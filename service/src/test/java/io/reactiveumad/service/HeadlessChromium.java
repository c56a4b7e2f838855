package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's chromium driven by its chromium-driver through Selenium: headless, with a fresh profile and
 * nothing that reaches for the network (the machine may have none). Missing, it fails the test under
 * {@code -Dumad.requirePeers=true} (CI) and skips it otherwise, as every real-peer test does.
 */
final class HeadlessChromium {
    static final Path BROWSER = Path.of("/usr/bin/chromium");
    static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    static ChromeDriver start(Path profile, int width, int height) {
        if (!Files.isExecutable(BROWSER) || !Files.isExecutable(DRIVER)) {
            String message = BROWSER + " and " + DRIVER + " are needed; install them with: apt-get install chromium chromium-driver";
            if (Boolean.getBoolean("umad.requirePeers")) {
                fail(message);
            }
            Assumptions.abort(message);
        }
        try {
            Files.createDirectories(profile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ChromeOptions options = new ChromeOptions().setBinary(BROWSER.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync",
                        "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(DRIVER.toString())).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }
}
