import Testing
import Understanding

/// How developers say their requests: commands with flags, workspaces with underscores, sprints.
@Suite struct DeveloperWordingTests {
    @Test func aHyphenBeforeALetterIsACommandsFlagNotADash() {
        let match = understand("Run swift build -c release in CodingBridge")
        #expect(match?.intent.id == "codingbridge.RunCommandIntent")
        #expect(match?.slots["command"] == .entity("swift build -c release"))
    }

    @Test func aDashBetweenSpacesStillMarksTheContent() {
        #expect(understand("capture an idea - offline mode")?.slots["idea"] == .text("offline mode"))
    }

    @Test func openingTheAgentToAWorkspaceStartsASessionThere() {
        let match = understand("Open Oppi to the data_pipeline workspace")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == .entity("data_pipeline"))
    }

    @Test func aSprintIsAPeriodToAnalyse() {
        #expect(understand("analyze my moods for this sprint")?.intent.id == "moodboard.AnalyzeMoodIntent")
    }
}
