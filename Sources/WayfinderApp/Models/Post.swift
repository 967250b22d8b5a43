/// A post in the feed.
public struct Post: Hashable, Codable, Sendable, Identifiable {
    /// The post's id (`wayfinder://main/feed/post/ID`).
    public let id: Int
    /// Who wrote it.
    public let authorID: Int
    /// Its title (untrusted text: rendered with control characters escaped).
    public var title: String
    /// Its text.
    public var body: String
    /// How many users like it.
    public var likeCount: Int
    /// How many comments it has.
    public var commentCount: Int

    /// Creates a post.
    public init(id: Int, authorID: Int, title: String, body: String, likeCount: Int = 0, commentCount: Int = 0) {
        self.id = id
        self.authorID = authorID
        self.title = title
        self.body = body
        self.likeCount = likeCount
        self.commentCount = commentCount
    }
}

/// One page of the feed.
public struct PostPage: Hashable, Sendable {
    /// The posts on this page, newest first.
    public let posts: [Post]
    /// The page number, from 1.
    public let number: Int
    /// How many pages there are (at least 1).
    public let pageCount: Int
}

/// A comment on a post.
public struct PostComment: Hashable, Codable, Sendable, Identifiable {
    /// The comment's id.
    public let id: Int
    /// The post it belongs to.
    public let postID: Int
    /// Who wrote it.
    public let authorID: Int
    /// What it says.
    public let text: String

    /// Creates a comment.
    public init(id: Int, postID: Int, authorID: Int, text: String) {
        self.id = id
        self.postID = postID
        self.authorID = authorID
        self.text = text
    }
}
