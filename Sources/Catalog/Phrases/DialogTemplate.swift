/// Dialog sentences with `{name}` placeholders: "Created {category} nag for {recipient}."
public enum DialogTemplate {
    /// The placeholder names in order of appearance.
    public static func placeholders(in template: String) -> [String] {
        var names: [String] = []
        var current: String?
        for character in template {
            if character == "{" {
                current = ""
            } else if character == "}", let name = current {
                if Identifier.isMemberName(name) { names.append(name) }
                current = nil
            } else if current != nil {
                current?.append(character)
            }
        }
        return names
    }

    /// The template with every placeholder replaced, or nil when one has no value.
    public static func renderIfComplete(_ template: String, values: [String: String]) -> String? {
        guard placeholders(in: template).allSatisfy({ values[$0] != nil }) else { return nil }
        return render(template, values: values)
    }

    /// Replaces each `{name}` that has a value; unknown placeholders stay as written.
    public static func render(_ template: String, values: [String: String]) -> String {
        var output = ""
        var current: String?
        for character in template {
            if character == "{" {
                if let pending = current { output += "{" + pending }
                current = ""
            } else if character == "}", let name = current {
                output += values[name] ?? "{\(name)}"
                current = nil
            } else if current != nil {
                current?.append(character)
            } else {
                output.append(character)
            }
        }
        if let pending = current { output += "{" + pending }
        return output
    }
}
