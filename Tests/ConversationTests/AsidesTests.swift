import Testing

@testable import Conversation

/// What a user says to someone else while Jiri waits for an answer is set aside.
@Suite struct AsidesTests {
    @Test(arguments: [
        "Hold on. Leo, stop chasing the cat!", "One sec — Ava, not on the couch with those shoes!",
        "Hang on, hang on — Theo, give your sister her tablet back.", "Hang on, someone's at the door.", "Okay, sorry.",
    ])
    func wordsSaidToSomeoneElseLeaveNoAnswer(_ text: String) {
        let reading = Asides.read(text)
        #expect(reading.changed)
        #expect(reading.answer.isEmpty)
    }

    @Test func theAnswerAfterAnAsideIsKept() {
        let reading = Asides.read("Wait — Leo, that's not a toy. Sorry, use the parser-lab workspace")
        #expect(reading.answer == "Sorry, use the parser-lab workspace")
        #expect(reading.asides == ["Leo, that's not a toy"])
    }

    @Test func theRestOfASentenceSaidToSomeoneIsAnAsideToo() {
        let reading = Asides.read("Leo, look at me — backpack on the hook, please.")
        #expect(reading.answer.isEmpty)
        #expect(reading.asides == ["Leo, look at me", "backpack on the hook, please"])
    }

    @Test(arguments: ["Mia, not Leo", "Leo, for his homework", "Leo, chores, tomorrow at 5", "hold on, check git status instead"])
    func anAnswerThatStartsWithANameOrAHoldIsKeptAsSaid(_ text: String) {
        #expect(Asides.read(text).answer == text)
    }

    @Test func aValueWithItsKindAfterAHoldIsNoNews() {
        #expect(Asides.read("Okay, back. The oppi-dev workspace on the Mac Studio.").answer == "The oppi-dev workspace on the Mac Studio")
    }
}
