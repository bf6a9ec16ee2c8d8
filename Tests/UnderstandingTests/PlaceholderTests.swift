import Testing
import Understanding

/// Words standing in for a value not said yet ("someone", "something") fill no slot, so Jiri
/// asks for the value instead of using the stand-in.
@Suite struct PlaceholderTests {
    @Test(arguments: [
        ("um, I need Oppi to do something for me", "oppi.AskPiIntent", "prompt"),
        ("I need to run something in CodingBridge", "codingbridge.RunCommandIntent", "command"),
        ("hey, I need CodingBridge to run something", "codingbridge.RunCommandIntent", "command"),
        ("I need to remind Leo about something", "nagz.CreateNagIntent", "description"),
    ])
    func aStandInFillsNoSlot(_ text: String, _ intent: String, _ parameter: String) {
        let match = understand(text)
        #expect(match?.intent.id == intent)
        #expect(match?.slots[parameter] == nil)
    }

    @Test func oneOfTheKidsIsNobodyYet() {
        let match = understand("I need to remind one of the kids about something")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == nil)
        #expect(match?.slots["description"] == nil)
    }

    @Test(arguments: ["MoodBoard, enter it in the log", "MoodBoard, log it into my journal", "MoodBoard, jot this in the diary"])
    func whereAStandInGoesIsNoValue(_ text: String) {
        let match = understand(text)
        #expect(match?.intent.id == "moodboard.AddMoodIntent")
        #expect(match?.slots["title"] == nil)
    }

    @Test func aRealValueAroundAStandInWordIsKept() {
        let match = understand("ask Oppi to do something about the flaky login test")
        #expect(match?.slots["prompt"] == .text("do something about the flaky login test"))
    }

    @Test(arguments: [
        "can you help me with a reminder", "I gotta set up a nag for one of the kids", "um, I need a nag set up",
        "can you nag somebody for me",
    ])
    func aVagueStartStillAsksForANag(_ text: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots.isEmpty == true)
    }

    @Test func anIdeaWithNothingMoreAsksForTheIdea() {
        let match = understand("I've got an idea")
        #expect(match?.intent.id == "codingbridge.CaptureIdeaIntent")
        #expect(match?.slots["idea"] == nil)
    }

    @Test func theWorkspaceCanBeSaidAsASentenceAfterThePrompt() {
        let match = understand("ask Oppi to refactor the parser... the workspace is oppi-dev")
        #expect(match?.slots["prompt"] == .text("refactor the parser"))
        #expect(match?.slots["workspace"] == .entity("oppi-dev"))
    }

    @Test(arguments: [
        ("set a homework nag for him for Thursday night", "homework"), ("create an appointments nag for her", "appointments"),
        ("nag them about chores", "chores"),
    ])
    func someoneNamedByAPronounIsAskedFor(_ text: String, _ category: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["category"] == .enumCase(category))
        #expect(match?.slots["recipient"] == nil)
    }

    @Test func herBeforeWhatSheOwnsStaysInTheRequest() {
        let match = understand("remind Mia about her homework")
        #expect(match?.slots["recipient"] == .entity("Mia"))
    }

    @Test(arguments: [
        ("Emma keeps forgetting her homework, could you bug her about it tomorrow at 5pm", "Emma"),
        ("Lucas hasn't started, so set a homework nag for him", "Lucas"),
        ("Ava's room is a mess, remind her to tidy it tonight", "Ava"),
    ])
    func thePersonNamedBeforeAPronounIsWhoItIsFor(_ text: String, _ name: String) {
        let match = understand(text)
        #expect(match?.slots["recipient"] == .entity(name))
        #expect(match?.namesSomeoneByPronoun == false)
    }

    @Test func twoPeopleNamedBeforeAPronounLeaveItOpen() {
        let match = understand("Emma and Lucas keep forgetting their chores, remind him tonight")
        #expect(match?.slots["recipient"] == nil)
    }

    @Test func aPersonNamedBeforeAPronounIsNoWorkspace() {
        let match = understand("My grandson Tom uses Oppi for work. Could you ask Oppi to run the tests for him?")
        #expect(match?.intent.id == "oppi.AskPiIntent")
        #expect(match?.slots["workspace"] == nil)
    }
}
