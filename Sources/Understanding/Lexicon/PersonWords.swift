/// Words that say who someone is to the speaker before their name: "my son Mateo", "my
/// little bro Tyler", "our flatmate Jess". After "my", "our" or "your" and before a name the
/// tokenizer leaves them out, so the name alone is what a pattern captures; without a name
/// after them ("remind my son to …") they stay.
public enum PersonWords {
    public static let descriptors: [String] = [
        "son", "daughter", "kid", "child", "boy", "girl", "baby", "husband", "wife", "hubby", "partner",
        "fiance", "fiancee", "boyfriend", "girlfriend", "brother", "bro", "sister", "sis", "mum", "mom", "mother",
        "dad", "father", "mama", "papa", "grandma", "grandpa", "granny", "gran", "nan", "nana", "nanna", "grandad",
        "granddad", "gramps", "grandson",
        "granddaughter", "aunt", "auntie", "aunty", "uncle", "cousin", "nephew", "niece", "stepson", "stepdaughter",
        "friend", "mate", "buddy", "pal", "flatmate", "roommate", "housemate", "neighbour", "neighbor", "colleague",
        "coworker", "boss", "little", "big", "older", "younger", "eldest", "youngest", "oldest", "twin",
        "teenage", "teenager", "step", "best", "stepmom", "stepmum", "stepdad", "stepsister", "stepbrother",
        "godson", "goddaughter", "mother-in-law", "father-in-law", "sister-in-law", "brother-in-law", "son-in-law",
        "daughter-in-law", "mum-in-law", "mom-in-law", "dad-in-law",
        // Who someone is at work or at home: "my research assistant, Priyanka", "our nanny Rosa".
        "assistant", "research", "apprentice", "intern", "trainee", "manager", "supervisor", "employee",
        "teammate", "student", "pupil", "tutor", "nanny", "babysitter", "carer", "cleaner", "lodger", "tenant",
        "secretary", "deputy", "personal",
        // Who someone is to a family they stay with: "my host brother Tyler", "our foster son Jay".
        "host", "foster", "exchange", "half",
        // Other Englishes' words for a child: "mi pickney Shanice", "my wean Callum", "my bairn Isla".
        "pickney", "wean", "bairn",
    ]

    /// Descriptors that are also titles: said before a name without "my" ("Grandma Rose",
    /// "Uncle Dev", "Auntie Jo"), they are part of the name.
    public static let titles: [String] = [
        "grandma", "grandpa", "granny", "grandad", "granddad", "gramps", "gran", "nan", "nana", "nanna", "aunt", "auntie",
        "aunty", "uncle", "cousin",
    ]
}
