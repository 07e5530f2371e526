import ArgumentParser

/// `LIST [ITEM…]` for done, reopen, cancel and restore.
struct StatusArguments: ParsableArguments {
    @Argument(help: "The checklist: its id, an id prefix or its title.", completion: .custom(ChecklistNames.complete))
    var list: String

    @Argument(help: "Items: id prefixes or titles, one edit each. Without any, the checklist itself.")
    var items: [String] = []
}
