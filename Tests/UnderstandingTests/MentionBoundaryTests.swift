import Testing
import Understanding

/// Where an entity mention ("Emma", "the atlas project") may stop.
@Suite struct MentionBoundaryTests {
    @Test func aQuestionWordIsNeverPartOfAName() {
        // "me what the capital" is no recipient: "remind me what ..." asks a question.
        #expect(understand("remind me what the capital of Peru is") == nil)
        #expect(understand("remind me who the author of Dune is") == nil)
    }

    @Test func aNameBeforeAnAboutClauseIsStillARecipient() {
        let match = understand("remind Emma about her dentist appointment tomorrow")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["recipient"] == .entity("Emma"))
    }
}
