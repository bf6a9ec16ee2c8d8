import Testing

@testable import Conversation

/// What a user says to someone else while Jiri waits for an answer is set aside.
@Suite struct AsidesTests {
    @Test(arguments: [
        "Hold on. Leo, stop chasing the cat!", "One sec — Ava, not on the couch with those shoes!",
        "Hang on, hang on — Theo, give your sister her tablet back.", "Hang on, someone's at the door.", "Okay, sorry.",
        "hang on, Sam's asking something", "wait, one second, Eli's asking me something", "one sec, Grandma's calling me",
        "hold on — Noor, shoes on, we're leaving", "hold that thought, Jiri, just a moment", "Leo, not now",
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

    @Test func aHoldAfterWordsToSomeoneTurnsBackToJiri() {
        let reading = Asides.read("no Leo, not now — sorry, it's for Leo, chores")
        #expect(reading.answer == "sorry, it's for Leo, chores")
        #expect(reading.asides == ["no Leo, not now"])
    }

    @Test func aNameAfterAHoldThatSaysWhatItIsForIsTheAnswer() {
        #expect(Asides.read("hold on — Leo, for his homework").answer == "Leo, for his homework")
    }
}
