import Wayfinder
import WayfinderKit
import WayfinderTerminal

/// The text of the screen ``ProfileViewModel`` holds: it reads the view model, never changes it.
@MainActor
public struct ProfileView: TextView {
    let model: ProfileViewModel

    /// The view of `model`.
    public init(model: ProfileViewModel) {
        self.model = model
    }

    public func render() -> StyledText {
        var text = StyledText()
        guard let user = model.user else {
            text.append("User \(model.userID)", .title)
            text.append("This user does not exist.", .error)
            return text
        }
        text.append(line: [TextSpan(model.isOwnProfile ? "Your profile" : user.displayName, .title), TextSpan("  @\(user.username) · user \(user.id)", .dim)])
        if model.isOwnProfile { text.append(user.displayName) }
        text.append(user.bio.isEmpty ? "(no bio)" : user.bio, user.bio.isEmpty ? .dim : .plain)
        text.appendBlank()
        text.append("Posts (\(model.userPosts.count))", .title)
        text.append(contentsOf: PostListView(posts: model.userPosts, authors: [user.id: user], showsIDs: model.showsPostIDs).body)
        return text
    }
}
