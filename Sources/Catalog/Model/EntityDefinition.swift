/// An app entity (`AppEntity`): a thing the user names and the app's backend resolves,
/// such as a family member, a nag, a workspace or a project.
public struct EntityDefinition: Sendable, Hashable {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var type: ParameterType

        public init(name: String, type: ParameterType) {
            self.name = name
            self.type = type
        }
    }

    public var name: String
    public var title: String
    public var fields: [Field]
    /// The field that identifies an instance (`id` unless the app says otherwise).
    public var idField: String
    /// The field a spoken mention is compared with (`displayName`, `name`).
    public var displayField: String
    /// The connector operation that lists candidates, e.g. `nagz.list_family_members`.
    public var query: String?
    /// Words besides its title that say what a value is when said after it ("the tide-tables
    /// repo" names a project), lower case.
    public var labels: [String]

    public init(
        name: String,
        title: String,
        fields: [Field],
        idField: String = "id",
        displayField: String,
        query: String? = nil,
        labels: [String] = []
    ) {
        self.name = name
        self.title = title
        self.fields = fields
        self.idField = idField
        self.displayField = displayField
        self.query = query
        self.labels = labels
    }
}

/// An app enum (`AppEnum`) with the words people use for each case.
public struct EnumDefinition: Sendable, Hashable {
    public struct Case: Sendable, Hashable {
        /// The raw value the app receives: `meds`.
        public var value: String
        /// What the app shows: `Meds`.
        public var title: String
        /// Other words for the case: `medicine`, `medication`, `pills`.
        public var synonyms: [String]

        public init(value: String, title: String, synonyms: [String] = []) {
            self.value = value
            self.title = title
            self.synonyms = synonyms
        }

        /// The value, the title and every synonym.
        public var spokenForms: [String] {
            [value, title] + synonyms
        }
    }

    public var name: String
    public var title: String
    public var cases: [Case]

    public init(name: String, title: String, cases: [Case]) {
        self.name = name
        self.title = title
        self.cases = cases
    }
}
