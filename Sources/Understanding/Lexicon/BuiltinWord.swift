/// Words the lexer, the edge trimming and the number, duration and date grammars
/// know by name. Their ids are fixed (the raw values), so grammar code can switch
/// over them.
enum BuiltinWord: UInt32, CaseIterable, Sendable {
    // Dropped wherever they appear: they never change what is asked.
    case please = 16, kindly, um, uh, uhm, erm, er, hmm, just, really, actually, basically, possibly, perhaps, even
    /// "list only my chores nags", "is anything at all overdue": scope said, nothing asked.
    case only
    case the, my, our, your, some, any, all
    /// Articles: dropped, except that "a"/"an" before a unit means one ("an hour").
    case a, an

    // Dropped only at the start or end of an utterance (greetings, politeness, asides).
    case hey, hi, hello, ok, okay, so, well, now, jiri, siri, yo, oh, alright, also, then, quick, quickly
    case thanks, thank, again, loud, aloud, real, right, favor, mind

    // Function words.
    case `in`, on, at, by, `for`, to, from, with, using, via, through, about, before, after, until, around
    case due, of, and, or, `as`, `is`, are, was, be, it, that, this, next, past, later, more, extra
    case another, `if`, whether, than, ago, according, but, since, because
    case i, me, you, us, we, can, could, would, will, want, like, love, need, `let`, go, ahead, help
    case `do`, not, open, anything, show, app, without, no, read, tell, ask, use, out, voice, know
    /// Question words: they begin a question, never a name ("remind me what the capital of Peru is").
    case what, who, whom, whose, which, `where`, when, why, how

    // Numbers.
    case zero, one, two, three, four, five, six, seven, eight, nine, ten, eleven, twelve, thirteen
    case fourteen, fifteen, sixteen, seventeen, eighteen, nineteen, twenty, thirty, forty, fifty
    case sixty, seventy, eighty, ninety, hundred, couple, few, several, dozen, half, quarter

    // Units, clock and calendar words.
    case second, minute, hour, day, week
    case am, pm, oclock
    case today, tonight, tomorrow, yesterday, morning, afternoon, evening, night, noon, midday, midnight
    case weekend, end, eod
    /// Meals and bedtime as times of day: "before dinner", "by bedtime".
    case breakfast, lunch, dinner, bedtime
    /// "first thing tomorrow": early in the day.
    case first, thing
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday
    case january, february, march, april, may, june, july, august, september, october, november, december

    // Answers.
    case yes, yeah, yep, yup, sure, `true`, `false`, nope, nah

    /// Pronouns: a new clause starts at a subject pronoun, so a name never runs across it
    /// ("for Mia she's got the orthodontist"); an object pronoun stands for someone named
    /// elsewhere, so it is never a name itself ("bug her about it").
    case he, she, they, him, her, them

    /// Words a spoken self-correction starts with: "no wait", "sorry", "I mean", "or rather".
    case wait, sorry, mean, rather

    /// Negation beyond "not": what follows it is not asked for ("never remind me about that").
    case never

    var id: TokenID { rawValue }

    /// The first id after the built-in words: the catalog's own words start here.
    static let firstCatalogID: TokenID = (allCases.map(\.rawValue).max() ?? 16) + 1

    /// Every way the word is written. The first is the canonical spelling.
    var spellings: [String] {
        switch self {
        case .please: ["please", "pls", "plz", "plis", "pleease", "pleeease", "pleeeease", "pleaase", "pleaaase", "puhlease"]
        // "in the Nagz application", "that Nagging program": the kind of thing an app is.
        case .app: ["app", "application", "program", "programme"]
        case .um: ["um", "umm"]
        case .uh: ["uh", "uhh", "eh"]
        case .hmm: ["hmm", "hm", "mmm"]
        case .okay: ["okay", "k"]
        case .alright: ["alright"]
        case .thanks: ["thanks", "thx", "cheers"]
        case .you: ["you", "u"]
        case .favor: ["favor", "favour"]
        case .until: ["until", "till", "til", "'til"]
        case .oclock: ["o'clock", "oclock"]
        case .second: ["second", "seconds", "sec", "secs"]
        case .minute: ["minute", "minutes", "min", "mins"]
        case .hour: ["hour", "hours", "hr", "hrs", "h"]
        case .day: ["day", "days"]
        case .week: ["week", "weeks", "wk", "wks"]
        case .tomorrow: ["tomorrow", "tmrw", "tmr", "tomorow", "tommorow", "tommorrow"]
        case .midday: ["midday", "mid-day"]
        // Australian and British speech: "this arvo".
        case .afternoon: ["afternoon", "arvo"]
        case .weekend: ["weekend", "week-end"]
        case .sunday: ["sunday", "sun"]
        case .monday: ["monday", "mon"]
        case .tuesday: ["tuesday", "tue", "tues"]
        case .wednesday: ["wednesday", "wed", "weds"]
        case .thursday: ["thursday", "thu", "thur", "thurs"]
        case .friday: ["friday", "fri"]
        case .saturday: ["saturday"]
        case .january: ["january", "jan"]
        case .february: ["february", "feb"]
        case .march: ["march", "mar"]
        case .april: ["april", "apr"]
        case .may: ["may"]
        case .june: ["june", "jun"]
        case .july: ["july", "jul"]
        case .august: ["august", "aug"]
        case .september: ["september", "sep", "sept"]
        case .october: ["october", "oct"]
        case .november: ["november", "nov"]
        case .december: ["december", "dec"]
        case .dozen: ["dozen"]
        // After "would you mind", "how about": "would you mind asking Oppi to …".
        case .because: ["because", "cause", "cuz", "coz", "bc"]
        case .dinner: ["dinner", "supper", "dinnertime", "suppertime"]
        case .bedtime: ["bedtime", "bed time"]
        case .lunch: ["lunch", "lunchtime"]
        case .open: ["open", "opening"]
        case .ask: ["ask", "asking"]
        case .tell: ["tell", "telling"]
        case .show: ["show", "showing"]
        case .read: ["read", "reading"]
        // Scope said, nothing asked: "snooze every one of them", "have both kids kept up".
        case .all: ["all", "every", "each", "both"]
        default: [String(describing: self)]
        }
    }

    var flags: TokenFlags {
        switch self {
        case .in, .on, .at, .by, .for, .to, .from, .with, .using, .via, .through, .about, .before, .after,
             .until, .around, .due, .of, .and, .or, .but, .as, .is, .are, .was, .be, .it, .that, .this, .if,
             .whether, .than, .what, .who, .whom, .whose, .which, .where, .when, .why, .how, .he, .she, .they, .him, .her, .them:
            return .stop
        case .next, .later, .ago, .am, .pm, .oclock, .today, .tonight, .tomorrow, .yesterday, .morning,
             .afternoon, .evening, .night, .noon, .midday, .midnight, .weekend, .eod, .breakfast, .lunch, .dinner, .bedtime,
             .sunday, .monday, .tuesday, .wednesday, .thursday, .friday, .saturday:
            return .temporal
        case .second, .minute, .hour, .day, .week:
            return [.unit, .temporal]
        default:
            return numberValue != nil ? .numberWord : []
        }
    }

    /// Dropped wherever it appears, in utterances and patterns alike.
    var isDroppedEverywhere: Bool {
        rawValue >= BuiltinWord.please.rawValue && rawValue <= BuiltinWord.all.rawValue
    }

    var isArticle: Bool { self == .a || self == .an }

    /// The value of a number word.
    var numberValue: Int32? {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .three: 3
        case .four: 4
        case .five: 5
        case .six: 6
        case .seven: 7
        case .eight: 8
        case .nine: 9
        case .ten: 10
        case .eleven: 11
        case .twelve: 12
        case .thirteen: 13
        case .fourteen: 14
        case .fifteen: 15
        case .sixteen: 16
        case .seventeen: 17
        case .eighteen: 18
        case .nineteen: 19
        case .twenty: 20
        case .thirty: 30
        case .forty: 40
        case .fifty: 50
        case .sixty: 60
        case .seventy: 70
        case .eighty: 80
        case .ninety: 90
        default: nil
        }
    }

    /// Seconds in one of the unit.
    var unitSeconds: Int32? {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day: 86400
        case .week: 604_800
        default: nil
        }
    }

    /// Calendar weekday (Sunday is 1), for weekday names.
    var weekday: Int? {
        guard rawValue >= BuiltinWord.sunday.rawValue, rawValue <= BuiltinWord.saturday.rawValue else { return nil }
        return Int(rawValue - BuiltinWord.sunday.rawValue) + 1
    }

    /// Month number (January is 1), for month names.
    var month: Int? {
        guard rawValue >= BuiltinWord.january.rawValue, rawValue <= BuiltinWord.december.rawValue else { return nil }
        return Int(rawValue - BuiltinWord.january.rawValue) + 1
    }

    init?(id: TokenID) {
        self.init(rawValue: id)
    }
}

/// Contractions and run-together forms, spelt out the way patterns write them.
enum Contractions {
    static let expansions: [String: String] = [
        "what's": "what is", "whats": "what is", "what're": "what are", "what've": "what have", "whatve": "what have",
        "how's": "how is", "hows": "how is", "how're": "how are", "howre": "how are", "how've": "how have", "howve": "how have", "who've": "who have", "where've": "where have", "they've": "they have",
        "you've": "you have", "should've": "should have", "would've": "would have", "could've": "could have",
        "how'd": "how did", "howd": "how did", "what'd": "what did", "whatd": "what did", "where'd": "where did",
        "who's": "who is", "where's": "where is", "wheres": "where is", "when's": "when is",
        "there's": "there is", "theres": "there is", "that's": "that is", "thats": "that is",
        "it's": "it is", "let's": "let us", "lets": "let us", "here's": "here is",
        "i'm": "i am", "im": "i am", "i've": "i have", "ive": "i have", "i'd": "i would", "i'll": "i will",
        "it'd": "it would", "that'd": "that would", "you'd": "you would", "we'd": "we would",
        "you're": "you are", "we're": "we are", "they're": "they are", "we've": "we have",
        "you'll": "you will", "we'll": "we will", "they'll": "they will", "he'll": "he will", "she'll": "she will",
        "it'll": "it will", "that'll": "that will", "they'd": "they would", "he'd": "he would", "she'd": "she would",
        "isn't": "is not", "aren't": "are not", "wasn't": "was not", "don't": "do not", "dont": "do not",
        "doesn't": "does not", "didn't": "did not", "doesnt": "does not", "didnt": "did not", "isnt": "is not",
        "wasnt": "was not", "havent": "have not", "hasnt": "has not", "arent": "are not", "youre": "you are", "can't": "can not", "cant": "can not",
        "cannot": "can not", "won't": "will not", "wouldn't": "would not", "shouldn't": "should not",
        "haven't": "have not", "hasn't": "has not", "wanna": "want to", "gonna": "going to",
        "gotta": "got to", "lemme": "let me", "gimme": "give me", "doctor's": "doctor",
        "rerun": "run", "rn": "right now", "smth": "something", "sth": "something", "w": "with",
        // Spoken "no": "snooze it for an hour, nah, make it ninety minutes".
        "nah": "no", "nope": "no",
        // "Ain't" most often stands for "have not" in a request: "anything I ain't committed".
        "ain't": "have not", "aint": "have not",
    ]

    /// Other Englishes' words for one the patterns use: "have a squiz at my nags", "take a
    /// gander at the git status", "give it a peek".
    static let regionalWords: [String: String] = [
        "squiz": "look", "gander": "look", "peek": "look", "dekko": "look", "butchers": "look", "butcher's": "look",
        "shufti": "look", "squizz": "look", "owt": "anything", "summat": "something", "nowt": "nothing",
        // Nigerian English: "abeg read me my nags", "mark am complete jare".
        "abeg": "please", "jare": "please",
        // Singlish particles end a request as "please" would: "start new session for me lah".
        "lah": "please", "leh": "please", "lor": "please",
        // Filipino English: "po" and "naman" are polite, and "mo", "nga" and "muna" after a verb soften
        // it ("snooze mo muna one hour", "open mo nga yung jeep-maintenance"); "kasi" is "because",
        // "sa" is "in", "yung" is "the", "hanapin" is "find"; "pa-" before a verb asks for it to be
        // done (`Tokenizer.readHyphenated`).
        "po": "please", "naman": "please", "mo": "please", "nga": "please", "muna": "please",
        "kasi": "because", "sa": "in", "yung": "the", "hanapin": "find",
        // Cajun, Jamaican and other spoken "th": "snooze dat nag", "in da trap-count workspace",
        // "a session inna di cut-list workspace".
        "da": "the", "dat": "that", "dis": "this", "di": "the", "inna": "in the",
        // Jamaican: "mek a nag fi Shanice", "run di build pon joinery-quote", "wid di family".
        "mek": "make", "fi": "for", "pon": "on", "wid": "with", "nuh": "not", "dem": "them", "mi": "me",
        // Scots: "gie it a git status", "gonnae bring up the boiler-quotes project", "tick it aff".
        "gie": "give", "gonnae": "going to", "cannae": "can not", "tae": "to", "aboot": "about", "aff": "off",
        "doon": "down", "whit": "what", "hale": "whole", "oor": "our", "daein": "doing", "wi": "with",
        // "a wee meds nag fur callum", "read oot ma chores nags", "pit me doon as happy, naw, energetic".
        "fur": "for", "oot": "out", "wis": "was", "pit": "put", "naw": "no",
        // Geordie: "a nag for wor Jack", "how've me moods been gannin'", "divn't make us wait".
        "wor": "our", "gannin": "going", "divn't": "do not", "divnt": "do not",
        // Hawaiian Pidgin and Māori English: "how da ohana doing wit their nags", "the whānau".
        "ohana": "family", "whanau": "family", "whānau": "family", "wit": "with",
        // Bajan: "wuh mood i put in for today".
        "wuh": "what",
        // Hinglish: "kuch uncommitted changes hai kya?" (any … is … ?).
        "kuch": "any", "hai": "is", "kya": "what",
        // Tagalog "ng" (of, a) before a noun: "pa-create naman ng appointments nag for Bea"; Cornish
        // "'un" (it): "run the tests on 'un".
        "ng": "the", "un": "it",
    ]

    /// What people type for a word in a hurry: "nag leo hw tmrw 6pm", "dentist appt thurs".
    static let typedShorthand: [String: String] = [
        "tmrw": "tomorrow", "tmr": "tomorrow", "tmrow": "tomorrow", "tmw": "tomorrow", "2moro": "tomorrow",
        "2morrow": "tomorrow", "tomoz": "tomorrow", "tonite": "tonight", "2nite": "tonight", "tnite": "tonight",
        "nite": "night", "hw": "homework", "appt": "appointment", "appts": "appointments", "abt": "about",
        "ur": "your", "b4": "before", "wat": "what", "wut": "what", "fam": "family", "thurs": "thursday",
        "thur": "thursday", "thu": "thursday", "tues": "tuesday", "tue": "tuesday", "weds": "wednesday",
        "wed": "wednesday", "fri": "friday", "mon": "monday", "convo": "conversation", "sesh": "session",
        "msg": "message", "bc": "because", "cuz": "because", "coz": "because", "rly": "really",
    ]
}
