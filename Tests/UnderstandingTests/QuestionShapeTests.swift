import Testing
import Understanding

/// Requests asked as questions: "which of …", tags and "or not" after them, "too" at the end.
@Suite struct QuestionShapeTests {
    @Test(arguments: [
        ("which of my nags are for homework?", "homework"),
        ("are any of my nags for chores", "chores"),
    ])
    func anOfAfterWhichOrAnyNamesNoPart(_ text: String, _ category: String) {
        let match = understand(text)
        #expect(match?.intent.id == "nagz.ListNagsIntent")
        #expect(match?.slots["category"] == .enumCase(category))
    }

    @Test(arguments: [
        ("I've still got a few nags left, haven't I?", "nagz.ListNagsIntent"),
        ("nothing's overdue in Nagz, is it?", "nagz.CheckOverdueIntent"),
        ("am I behind on anything or not?", "nagz.CheckOverdueIntent"),
    ])
    func aNegativeTagOrOrNotAfterAQuestionIsLeftOut(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func tooAtTheEndLeavesTheDueTimeWhole() {
        let match = understand("remind Ava to take her meds tomorrow at 8am too")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["description"] == .text("take her meds"))
        #expect(match?.slots["dueAt"] != nil)
    }
}
