import Testing
import Understanding

/// Requests typed in a hurry: shorthand ("hw", "tmrw", "appt") and one-letter slips.
@Suite struct TypedInputTests {
    @Test(arguments: [
        ("remnd mia to take her meds at 8", "nagz.CreateNagIntent"), ("snoze my nag 20 min", "nagz.SnoozeNagIntent"),
        ("whats overdeu in nagz", "nagz.CheckOverdueIntent"), ("anlyze my moods in moodboard", "moodboard.AnalyzeMoodIntent"),
        ("new sesion in oppi", "oppi.OpenNewSessionIntent"), ("current moood?", "moodboard.GetCurrentMoodIntent"),
    ])
    func aWordOneSlipFromAKnownOneIsThatWord(_ text: String, _ intent: String) {
        #expect(understand(text)?.intent.id == intent)
    }

    @Test func aCapitalisedWordIsANameNotASlip() {
        #expect(understand("Remnd Mia to take her meds at 8") == nil)
    }

    @Test func shorthandReadsAsTheWordItStandsFor() {
        let match = understand("nag leo hw tmrw 6pm")
        #expect(match?.intent.id == "nagz.CreateNagIntent")
        #expect(match?.slots["category"] == .enumCase("homework"))
        #expect(match?.slots["recipient"] == .entity("leo"))
        #expect(match?.slots["dueAt"] != nil)
    }

    @Test func anAppointmentTypedShortIsAnAppointment() {
        #expect(understand("nag jake abt his dentist appt thurs")?.slots["category"] == .enumCase("appointments"))
    }
}
