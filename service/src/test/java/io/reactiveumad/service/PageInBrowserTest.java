package io.reactiveumad.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.reactiveumad.mad.MgmtClass;
import io.reactiveumad.mad.attr.InformInfo;
import io.reactiveumad.test.MadMatch;
import io.reactiveumad.test.PortCounter;
import io.reactiveumad.test.topology.FatTree;
import io.reactiveumad.test.topology.Topology;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * The page as a person sees it, in a real headless Chromium: it draws the fabric, and when a cable is cut
 * the link turns down and the notice appears; when it is restored the link is up again. The screenshot of
 * the down state is kept at {@code service/target/service-page.png}.
 */
class PageInBrowserTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    static final Path SCREENSHOT = Path.of("target", "service-page.png");
    static final Path FAT_TREE_SCREENSHOT = Path.of("target", "service-fat-tree.png");

    @Test
    void thePageShowsACutLinkAsDownWithItsNoticeUntilItReturns(@TempDir Path profile) throws Exception {
        try (RunningService running = new RunningService(ServiceOptions.DEFAULT.withSweepInterval(Duration.ofMillis(500)))) {
            ChromeDriver browser = HeadlessChromium.start(profile, 1400, 900);
            try {
                browser.get(running.service.url());
                await().atMost(WAIT).until(() -> text(browser, "status").contains("live")
                        && text(browser, "node-count").equals("6"));
                assertThat(text(browser, "sm")).isEqualTo("host1 HCA-1 (lid 1)");
                assertThat(browser.findElements(By.cssSelector("#topology g.switch"))).hasSize(2);
                assertThat(browser.findElements(By.cssSelector("#topology g.host"))).hasSize(4);
                assertThat(browser.findElements(By.cssSelector("#topology path.link"))).hasSize(6);
                assertThat(browser.findElements(By.cssSelector("#topology path.link.down"))).isEmpty();

                running.fabric.addCounter("host3", 1, PortCounter.SYMBOL_ERROR, 7);
                running.fabric.unlink("host2", 1);

                await().atMost(WAIT).until(() -> text(browser, "links-down").contains("host2 HCA-1 port 1"));
                assertThat(text(browser, "links-down")).isEqualTo("down: host2 HCA-1 port 1 \u2194 sw1 leaf switch port 2");
                List<WebElement> down = browser.findElements(By.cssSelector("#topology path.link.down"));
                assertThat(down).hasSize(1);
                assertThat(down.get(0).getAttribute("data-a")).isEqualTo("host2 HCA-1 port 1");
                assertThat(browser.findElement(By.cssSelector("#topology g.host[data-node='host2 HCA-1']")).getAttribute("class"))
                        .contains("down");
                await().atMost(WAIT).until(() -> text(browser, "notices").contains("trap 65 GID out of service \u2014 host2 HCA-1 port 1"));
                await().atMost(WAIT).until(() -> text(browser, "counters").contains("host3 HCA-1 port 1 5/1 7"));
                assertThat(text(browser, "down-count")).isEqualTo("1");

                Files.createDirectories(SCREENSHOT.getParent());
                Files.write(SCREENSHOT, browser.getScreenshotAs(OutputType.BYTES));

                running.fabric.relink("host2", 1);
                await().atMost(WAIT).until(() -> browser.findElements(By.cssSelector("#topology path.link.down")).isEmpty());
                assertThat(text(browser, "links-down")).isEmpty();
                await().atMost(WAIT).until(() -> text(browser, "notices").contains("trap 64 GID in service \u2014 host2 HCA-1 port 1"));

                // The SM moves: the service discovers the fabric again and sends a topology event; the page draws it
                // afresh, the SM at its new node, and keeps the notices it had.
                Object topologiesBefore = browser.executeScript("return topologies");
                running.fabric.moveSm("host2", 1);
                await().atMost(WAIT).until(() -> ((Number) browser.executeScript("return topologies")).longValue()
                        > ((Number) topologiesBefore).longValue());
                assertThat(text(browser, "sm")).startsWith("host2 HCA-1 (lid ");
                assertThat(browser.findElements(By.cssSelector("#topology path.link"))).hasSize(6);
                assertThat(text(browser, "node-count")).isEqualTo("6");
                assertThat(text(browser, "notices")).contains("trap 64 GID in service \u2014 host2 HCA-1 port 1",
                        "trap 65 GID out of service \u2014 host2 HCA-1 port 1");
            } finally {
                browser.quit();
            }
        }
    }

    /**
     * The page opened while no SA answers (every InformInfo Set to the SM's node dropped) says, from its snapshot, that
     * subscribing failed and when it is tried again; once the SA answers, that the traps are subscribed.
     */
    @Test
    void thePageSaysWhileNoSaAnswersAndWhenTheTrapsAreSubscribed(@TempDir Path profile) throws Exception {
        MadMatch subscriptions = MadMatch.toNode("host1").mgmtClass(MgmtClass.SUBN_ADM).attribute(InformInfo.ATTRIBUTE_ID);
        try (RunningService running = new RunningService(Topology.defaultTopology(), "host4", ServiceOptions.DEFAULT,
                fabric -> fabric.faults().drop(1.0, subscriptions))) {
            ChromeDriver browser = HeadlessChromium.start(profile, 1400, 900);
            try {
                browser.get(running.service.url());
                await().atMost(WAIT).until(() -> text(browser, "status").contains("live"));
                // The snapshot has the latest failure: the first (retried in 5 s) or, where the browser took longer
                // to start than a failed attempt and its wait, a later one (10 s, 20 s...).
                assertThat(text(browser, "notices")).contains("trap all subscribing to traps failed (")
                        .contains("no response from LID 1 QP1").containsPattern("\\), retrying in \\d+ s \u2014 the SA");

                running.fabric.faults().clear();
                await().atMost(WAIT).until(() -> text(browser, "notices").contains("trap all subscribed to traps \u2014 SA lid 1"));
            } finally {
                browser.quit();
            }
        }
    }

    /**
     * A 312-node fat tree (16 leaves of 18 hosts, 8 spines): every node and cable is drawn, no two node boxes
     * overlap, and every label is whole; the screenshot is kept at {@code service/target/service-fat-tree.png}.
     */
    @Test
    void aFatTreeOfHundredsOfNodesIsDrawnWithoutOverlaps(@TempDir Path profile) throws Exception {
        Topology tree = FatTree.generate(16, 8, 18);
        try (RunningService running = new RunningService(tree, "host-288", ServiceOptions.DEFAULT)) {
            ChromeDriver browser = HeadlessChromium.start(profile, 2200, 1100);
            try {
                browser.get(running.service.url());
                await().atMost(WAIT).until(() -> text(browser, "node-count").equals(Integer.toString(tree.nodes().size())));
                assertThat(browser.findElements(By.cssSelector("#topology g.switch"))).hasSize(24);
                assertThat(browser.findElements(By.cssSelector("#topology g.host"))).hasSize(288);
                assertThat(browser.findElements(By.cssSelector("#topology path.link"))).hasSize(tree.links().size());
                Object overlaps = browser.executeScript(
                        "const boxes = [...document.querySelectorAll('#topology g rect')].map(r => r.getBBox());"
                        + "let n = 0; for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {"
                        + "  const a = boxes[i], b = boxes[j];"
                        + "  if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) n++; }"
                        + "return n;");
                assertThat(overlaps).as("node boxes that overlap").isEqualTo(0L);
                assertThat(browser.findElements(By.cssSelector("#topology g.host text")))
                        .extracting(WebElement::getText).allMatch(label -> label.matches("host-\\d+ HCA-1"));
                Files.createDirectories(FAT_TREE_SCREENSHOT.getParent());
                Files.write(FAT_TREE_SCREENSHOT, browser.getScreenshotAs(OutputType.BYTES));
            } finally {
                browser.quit();
            }
        }
    }

    private static String text(ChromeDriver browser, String id) {
        return browser.findElement(By.id(id)).getText().trim();
    }
}
