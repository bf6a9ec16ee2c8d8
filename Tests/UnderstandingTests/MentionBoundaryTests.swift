import Testing
import Understanding

/// Where an entity mention ("Emma", "the atlas project") may stop.
@Suite struct MentionBoundaryTests {
    @Test func aQuestionWordIsNeverPartOfAName() {
        // "me what the capital" is no recipient: "remind me what ..." asks a question.
        #expect(understand("remind me what the capital of Peru is") == nil)
        #expect(understand("remind me who the author of Dune is") == nil)
    }

    @Test func aVerbWithIngBeginsNoPersonsName() {
        #expect(understand("the nag for sending the choreo video to the agency, I sent it just now")?.intent.id != "nagz.CreateNagIntent")
        #expect(understand("a nag for taking the bins out, I did it")?.intent.id == "nagz.CompleteNagIntent")
    }

    @Test func aNameEndingInIngIsStillAName() {
        #expect(understand("remind sterling to feed the dog")?.slots["recipient"] == .entity("sterling"))
    }

    @Test func aNameBeforeAnAboutClauseIsStillARecipient() {
        let match = understand("remind Emma about her dentist appointment tomorrow")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("Emma"))
    }

    @Test(arguments: [
        ("create a nag for my son Mateo for homework", "Mateo"), ("can u nag my little bro Tyler to finish his homework", "Tyler"),
        ("set a nag for my husband Geoffrey to take his tablets at eight", "Geoffrey"),
        ("make a chores nag for my host brother Tyler", "Tyler"), ("remind our foster son Jay to pack his bag", "Jay"),
    ])
    func whoSomeoneIsToTheSpeakerIsNotPartOfTheirName(_ text: String, _ name: String) {
        #expect(understand(text)?.slots["recipient"] == .entity(name))
    }

    @Test(arguments: [
        ("a meds nag for Grandma Rose, blood pressure pills at nine", "Grandma Rose"),
        ("remind Uncle Dev to call the plumber tomorrow", "Uncle Dev"), ("remind my uncle Dev to call the plumber", "Dev"),
    ])
    func aFamilyTitleSaidWithoutMyIsPartOfTheName(_ text: String, _ name: String) {
        #expect(understand(text)?.slots["recipient"] == .entity(name))
    }

    @Test func ownAfterMyAsksWhatMyDoes() {
        #expect(understand("am I behind on any of my own nags")?.intent.id == "nagz.CheckOverdueIntent")
    }

    @Test func whoSomeoneIsStaysTheNameWhenNoNameFollows() {
        #expect(understand("remind my son to do his homework")?.slots["recipient"] == .entity("son"))
    }

    @Test(arguments: ["data-site", "api-prod"])
    func aValueNeverStartsInsideAHyphenatedWord(_ workspace: String) {
        let match = understand("Ask Oppi in \(workspace) to add tests")
        #expect(match?.slots["workspace"] == .entity(workspace))
        #expect(match?.slots["prompt"] == .text("add tests"))
    }

    /// "The old one" points back to something said before; it names no workspace.
    @Test func aMentionEndingInOnePointsBack() {
        let match = understand("Oppi, I would like a fresh session, please; in the old one I can't find anything")
        #expect(match?.intent.id == "oppi.OpenNewSessionIntent")
        #expect(match?.slots["workspace"] == nil)
    }

    @Test(arguments: [("Nagz, stick a meds nag on me nan, Peggy, for her tablets", "Peggy"), ("remind me wife to call the plumber", "wife")])
    func meBeforeAPersonWordIsMy(_ text: String, recipient: String) {
        #expect(understand(text)?.slots["recipient"] == .entity(recipient))
    }

    /// "Half" says who someone is only in "half brother"; "give me half an hour" keeps its "me".
    @Test func meBeforeABuiltInWordStays() {
        let match = understand("snooze that nag, give me a half hour")
        #expect(match?.intent.id == "nagz.SnoozeNagIntent")
        #expect(match?.slots["minutes"] == .minutes(30))
    }

    /// The "me" read as "my" opens the sentence after the request: the pause before it stays.
    @Test func meReadAsMyKeepsThePauseBeforeIt() {
        let match = understand("Nagz, what chores nags have I got? Me mom says the gutters want clearing.")
        #expect(match?.intent.id == "nagz.ListNagsIntent")
        #expect(match?.slots["category"] == .enumCase("chores"))
    }

    /// A hyphenated name of three parts or more, or of two after "on", "in" or "for", is one name
    /// even when its parts are words ("return-to-play", "till-sync"); a number said so is still a
    /// number.
    @Test func aHyphenatedNameOfKnownWordsStaysOneName() {
        #expect(understand("CodingBridge, trigger the test suite on till-sync")?.slots["project"] == .entity("till-sync"))
        #expect(understand("Oppi, in return-to-play, ask why the loading is high")?.slots["workspace"] == .entity("return-to-play"))
        #expect(understand("snooze that nag for twenty-five minutes")?.slots["minutes"] == .minutes(25))
    }
}
